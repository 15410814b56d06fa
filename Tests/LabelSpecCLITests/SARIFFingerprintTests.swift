import Foundation
import JSON
import Testing

/// SARIF's `partialFingerprints` carry the baseline's key (`labelspec/v2`): code scanning matches
/// a finding across runs as `--baseline` does, not by its message's wording nor by its line.
@Suite struct SARIFFingerprintTests {
    /// The results of `check --format sarif`.
    static func results(_ args: [String], in dir: URL) throws -> [JSONValue] {
        let run = try CLI.run(["check", "--format", "sarif"] + args, in: dir)
        return try #require(try JSONValue.parse(run.stdout)["runs"]?.arrayValue?.first?["results"]?.arrayValue)
    }

    /// The fingerprint docs/cli.md describes, of a baseline finding's members: FNV-1a 64 of each
    /// member's UTF-8 and a 0 byte (a null member: the byte FF), 16 hexadecimal digits.
    static func fingerprint(_ finding: JSONValue) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for name in ["file", "code", "item", "cell"] {
            let bytes: [UInt8] = finding[name]?.stringValue.map { Array($0.utf8) + [0] } ?? [0xFF]
            for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    static let sixteen = BaselineFingerprintTests.eight + ["pt", "sv", "da", "fi", "nb", "pl", "cs", "tr"]

    /// The one result, whole, with its message's count of other cells.
    static func result(more: Int) throws -> JSONValue {
        try JSONValue.parse(
            #"""
            {"ruleId": "truncates", "ruleIndex": 27, "level": "warning",
             "message": {"text": "truncates in en at .large: \"A rather lo…\" (100 pt: width 100; also cs, da, de and es at .large, and \#(more) more at .large or larger; and 1 larger size)"},
             "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a.labelspec"},
                 "region": {"startLine": 1, "startColumn": 7, "endLine": 1, "endColumn": 12}}}],
             "partialFingerprints": {"labelspec/v2": "ec7c6ceac4fa8f25:1"},
             "properties": {"width": 100.0, "widthSource": "width 100", "fonts": ["Inter"], "standIn": true}}
            """#)
    }

    /// "and 11 more" becoming "and 12 more" (a seventeenth locale) keeps the fingerprint, which is
    /// the baseline's key of the finding.
    @Test func aWordingChangeKeepsTheFingerprint() throws {
        let dir = try BaselineFingerprintTests.project(Self.sixteen)
        #expect(try Self.results(["a.labelspec"], in: dir) == [try Self.result(more: 11)])
        let baseline = try CLI.run(["check", "--write-baseline", "-", "a.labelspec"], in: dir)
        let findings = try #require(try JSONValue.parse(baseline.stdout)["findings"]?.arrayValue)
        #expect(findings.map(Self.fingerprint) == ["ec7c6ceac4fa8f25"])
        try BaselineFingerprintTests.addLocale("ru", in: dir)
        #expect(try Self.results(["a.labelspec"], in: dir) == [try Self.result(more: 12)])
    }

    /// Findings of one key (two misspelt properties of one label: same file, code and label, no
    /// cell) are told apart by their number among that key's results, as the baseline counts them.
    @Test func findingsOfOneKeyAreNumbered() throws {
        let dir = try CLI.folder([
            "a.labelspec": "label A {\n    text: \"a\"\n    widht: 1\n    heigth: 2\n}\nlabel B {\n    text: \"b\"\n    widht: 1\n}\n"
        ])
        let results = try Self.results(["a.labelspec"], in: dir)
        let baseline = try CLI.run(["check", "--write-baseline", "-", "a.labelspec"], in: dir)
        let findings = try #require(try JSONValue.parse(baseline.stdout)["findings"]?.arrayValue)
        let a = Self.fingerprint(findings[0])
        let b = Self.fingerprint(findings[1])
        #expect(findings.map { "\($0["item"]?.stringValue ?? "-") \($0["count"]?.intValue ?? 0)" } == ["A 2", "B 1"])
        #expect(
            results.map { "\($0["message"]?["text"]?.stringValue ?? "") \($0["partialFingerprints"]?["labelspec/v2"]?.stringValue ?? "")" }
                == [
                    "unknown property 'widht'; did you mean 'width'? \(a):1",
                    "unknown property 'heigth'; did you mean 'height'? \(a):2",
                    "unknown property 'widht'; did you mean 'width'? \(b):1",
                ])
        #expect(a != b)
    }
}
