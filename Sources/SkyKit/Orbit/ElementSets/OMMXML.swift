/// Just enough XML for OMM files: the text of the leaf elements inside each `<segment>`, by
/// element name (a namespace prefix dropped). Declarations, comments, attributes and CDATA are
/// understood; the five named entities and numeric character references are decoded. (Written
/// here rather than taken from Foundation's XMLParser, which would bring libxml2 into the binary.)
enum OMMXML {
    static func segments(_ text: String) throws(TLEError) -> [[String: String]] {
        let b = Array(text.utf8)
        var i = 0, line = 1
        var segments: [[String: String]] = []
        var current: [String: String]?
        var open: String?
        var content: [UInt8] = []
        func starts(_ s: String, at k: Int) -> Bool {
            let u = Array(s.utf8)
            return k + u.count <= b.count && Array(b[k..<(k + u.count)]) == u
        }
        func skip(past end: String, what: String) throws(TLEError) {
            let u = Array(end.utf8)
            while i < b.count, !starts(end, at: i) {
                if b[i] == 0x0A { line += 1 }
                i += 1
            }
            guard i < b.count else { throw TLEError(line: line, column: 0, message: "the file ends inside \(what)") }
            i += u.count
        }
        while i < b.count {
            if b[i] != UInt8(ascii: "<") {
                if b[i] == 0x0A { line += 1 }
                if open != nil { content.append(b[i]) }
                i += 1
                continue
            }
            if starts("<!--", at: i) {
                try skip(past: "-->", what: "a comment")
            } else if starts("<![CDATA[", at: i) {
                i += 9
                let from = i
                try skip(past: "]]>", what: "CDATA")
                if open != nil { content += escape(Array(b[from..<(i - 3)])) }
            } else if starts("<?", at: i) || starts("<!", at: i) {
                try skip(past: ">", what: "a declaration")
            } else {
                let from = i + 1
                try skip(past: ">", what: "a tag")
                var tag = Array(b[from..<(i - 1)])
                let closing = tag.first == UInt8(ascii: "/")
                if closing { tag.removeFirst() }
                let empty = !closing && tag.last == UInt8(ascii: "/")
                if empty { tag.removeLast() }
                let rawName = String(decoding: tag.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
                let name = rawName.split(separator: ":").last.map(String.init) ?? rawName
                if name == "segment" {
                    if closing, let fields = current { segments.append(fields) }
                    current = closing ? nil : (empty ? nil : [:])
                    open = nil
                } else if closing {
                    if let o = open, o == name { current?[name] = try decode(content, line: line) }
                    open = nil
                } else if empty {
                    current?[name] = ""
                    open = nil
                } else {
                    open = name
                    content = []
                }
            }
        }
        guard !segments.isEmpty else { throw TLEError(line: 1, column: 1, message: "no <segment> element: not an OMM XML file") }
        return segments
    }

    /// CDATA text, with `&` kept literal through decoding.
    static func escape(_ bytes: [UInt8]) -> [UInt8] {
        bytes.flatMap { $0 == UInt8(ascii: "&") ? Array("&amp;".utf8) : [$0] }
    }

    /// Element text with its entities decoded.
    static func decode(_ bytes: [UInt8], line: Int) throws(TLEError) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var out = "", rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { throw TLEError(line: line, column: 0, message: "an entity without its ';'") }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let code: UInt32?
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    code = UInt32(entity.dropFirst(2), radix: 16)
                } else if entity.hasPrefix("#") {
                    code = UInt32(entity.dropFirst(), radix: 10)
                } else {
                    code = nil
                }
                guard let code, let scalar = Unicode.Scalar(code) else { throw TLEError(line: line, column: 0, message: "unknown entity &\(entity);") }
                out.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
