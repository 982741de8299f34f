import Foundation
import SkyKit
import Testing

@Suite("Text replacement")
struct TextReplacementTests {
    @Test func everyOccurrenceIsReplacedLeftToRightWithoutOverlap() {
        #expect("a-b-c".replacingAll("-", with: "−") == "a−b−c")
        #expect("aaaa".replacingAll("aa", with: "b") == "bb")
        #expect("aaa".replacingAll("aa", with: "b") == "ba")
        #expect("{tile}.hgt.gz".replacingAll("{tile}", with: "N44W072") == "N44W072.hgt.gz")
        #expect("x".replacingAll("x", with: "") == "")
        #expect("abc".replacingAll("abcd", with: "z") == "abc")
        #expect("abc".replacingAll("", with: "z") == "abc")
        #expect("".replacingAll("a", with: "z") == "")
    }

    /// Matching is on whole code points: a target never matches inside a multi-byte character,
    /// and text outside ASCII is carried through unchanged.
    @Test func nonASCIITextIsMatchedOnWholeCharacters() {
        #expect("Zürich–Genève".replacingAll("–", with: " to ") == "Zürich to Genève")
        #expect("é".replacingAll("\u{A9}", with: "x") == "é")  // é is C3 A9; © is C2 A9
        #expect("日本-語".replacingAll("-", with: "\n") == "日本\n語")
    }

    /// The same answers as Foundation's literal replacement on a spread of random texts.
    @Test func agreesWithFoundationsLiteralReplacement() {
        var rng = SplitMix64(seed: 7)
        let alphabet = ["a", "b", "-", "é", "日", "ab", "\n"]
        for _ in 0..<500 {
            let text = (0..<Int(rng.next() % 12)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }.joined()
            let target = (0..<Int(1 + rng.next() % 2)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }.joined()
            #expect(text.replacingAll(target, with: "<>") == text.replacingOccurrences(of: target, with: "<>"), "\(text) / \(target)")
        }
    }

    /// Splitting gives Foundation's pieces, empty ones included, on the same random texts.
    @Test func partsAgreeWithFoundationsComponents() {
        var rng = SplitMix64(seed: 8)
        let alphabet = ["a", ",", " ", ", ", "é", "日", "\n"]
        for _ in 0..<500 {
            let text = (0..<Int(rng.next() % 12)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }.joined()
            let separator = (0..<Int(1 + rng.next() % 2)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }.joined()
            #expect(text.parts(separatedBy: separator) == text.components(separatedBy: separator), "\(text) / \(separator)")
        }
        #expect("asphalt, grass".parts(separatedBy: ", ") == ["asphalt", "grass"])
        #expect("abc".parts(separatedBy: "") == ["abc"])
    }
}
