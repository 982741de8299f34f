import Foundation

/// Finds the built `skyshell` executable next to the running test bundle.
public enum Executable {
    /// The `skyshell` binary of this build (debug or release), or `SKYSHELL_BINARY` when set.
    public static var skyshell: String {
        if let override = ProcessInfo.processInfo.environment["SKYSHELL_BINARY"], !override.isEmpty {
            return override
        }
        return buildDirectory + "/skyshell"
    }

    /// The directory holding the test bundle and the products of this build.
    public static var buildDirectory: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = (exe as NSString).deletingLastPathComponent
        // The test binary lives in <build>/skyshellPackageTests.xctest (a file on Linux).
        while !dir.isEmpty, dir != "/", !FileManager.default.fileExists(atPath: dir + "/skyshell") {
            dir = (dir as NSString).deletingLastPathComponent
        }
        return dir
    }

    /// The package's root directory (where Package.swift is).
    public static var packageRoot: String {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir.path }
            dir.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath
    }
}

/// A temporary directory removed when the value is released.
public final class TemporaryDirectory {
    public let path: String
    public init(_ label: String = "skyshell") {
        let template = NSTemporaryDirectory() + "/\(label)-XXXXXX"
        var bytes = Array(template.utf8CString)
        let made = bytes.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = made.map { String(cString: $0) } ?? template
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to a file inside the directory and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) -> String {
        let file = path + "/" + name
        try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        return file
    }
}
