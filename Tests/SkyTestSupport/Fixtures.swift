import Foundation

/// Committed reference data under Tests/Fixtures.
public enum Fixtures {
    public static var directory: String { Executable.packageRoot + "/Tests/Fixtures" }

    /// The rows of a CSV fixture (comment lines starting with # skipped), split on commas.
    public static func csv(_ relativePath: String) throws -> [[String]] {
        let text = try String(contentsOfFile: directory + "/" + relativePath, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The bytes of a fixture.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: directory + "/" + relativePath))
    }

    /// The numbers of the built-in lessons (1, 2, … as many lessonN.sky files as there are).
    public static var lessonNumbers: [Int] {
        let folder = Executable.packageRoot + "/Sources/SkyInterpreter/Teaching/Lessons"
        let count = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("lesson") && $0.hasSuffix(".sky") }.count
        return Array(1..<(count + 1))
    }
}
