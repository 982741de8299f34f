import FoundationEssentials
import Glibc

/// What was wrong in a stored file while it was decoded: each value that could not be read is
/// named once and takes its default, the rest of the file still loads.
final class DecodingProblems: @unchecked Sendable {
    var items: [String] = []
    static let key = CodingUserInfoKey(rawValue: "skyshell.decodingProblems")!
}

extension KeyedDecodingContainer {
    /// The value under `key`; nil when it is absent or null, or when it cannot be read — which
    /// is reported (as `prefix` + the key) to the decoder's `DecodingProblems`, if any.
    func lenient<T: Decodable>(_ type: T.Type, _ key: Key, _ decoder: Decoder, prefix: String = "") -> T? {
        guard contains(key), (try? decodeNil(forKey: key)) != true else { return nil }
        do {
            return try decode(T.self, forKey: key)
        } catch {
            (decoder.userInfo[DecodingProblems.key] as? DecodingProblems)?.items.append("\(prefix)\(key.stringValue) cannot be read (\(Self.describe(error)))")
            return nil
        }
    }

    static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).filter { !$0.isEmpty }
            return (path.isEmpty ? "" : path.joined(separator: ".") + ": ") + context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}
