import FoundationEssentials
import Glibc
import SkyKit

/// File-system paths: `~` expansion and completion candidates.
enum PathCompletion {
    static func expand(_ path: String, home: String?) -> String {
        guard let home, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }

    /// Entries of the directory named by `prefix` that start with its last component;
    /// directories end in "/" and are not complete words.
    static func candidates(_ prefix: String, extensions: [String], home: String?) -> [Candidate] {
        let expanded = expand(prefix, home: home)
        let dirPart: String
        let namePart: String
        if let slash = expanded.lastIndex(of: "/") {
            dirPart = String(expanded[...slash])
            namePart = String(expanded[expanded.index(after: slash)...])
        } else {
            dirPart = ""
            namePart = expanded
        }
        let typedDir = prefix.lastIndex(of: "/").map { String(prefix[...$0]) } ?? ""
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dirPart.isEmpty ? "." : dirPart) else { return [] }
        var dirs: [Candidate] = [], preferred: [Candidate] = [], others: [Candidate] = []
        for name in names.sorted() where name.hasPrefix(namePart) {
            if name.hasPrefix("."), !namePart.hasPrefix(".") { continue }
            if PathText.isDirectory(dirPart + name) == true {
                dirs.append(Candidate(typedDir + name + "/", isComplete: false))
            } else if extensions.contains(where: { name.hasSuffix("." + $0) }) {
                preferred.append(Candidate(typedDir + name))
            } else {
                others.append(Candidate(typedDir + name))
            }
        }
        return preferred + dirs + others
    }
}
