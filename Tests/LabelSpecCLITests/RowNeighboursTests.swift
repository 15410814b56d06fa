import Foundation
import JSON
import Testing

/// Issue 35, point 1: a label's width in each language is what the texts beside it leave there.
/// A title and a value in one row between the margins, 8 pt apart: in German the value's text
/// is long and the title gets less; in Japanese the value is about as wide as in English; in
/// French the value has no translation, so it shows its English text beside the French title.
@Suite struct RowNeighboursTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" useAutolayout="YES">
            <scenes>
                <scene sceneID="s01-aa-000">
                    <objects>
                        <viewController id="vc1-aa-000" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="rt1-aa-000">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                    <label text="Notifications and privacy settings" lineBreakMode="tailTruncation" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" id="tit-aa-001">
                                        <rect key="frame" x="16" y="80" width="250" height="21"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                    </label>
                                    <label text="Off" lineBreakMode="tailTruncation" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" id="val-aa-002">
                                        <rect key="frame" x="340" y="80" width="37" height="21"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                    </label>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="tit-aa-001" firstAttribute="leading" secondItem="rt1-aa-000" secondAttribute="leadingMargin" id="c01-aa-001"/>
                                    <constraint firstItem="val-aa-002" firstAttribute="leading" secondItem="tit-aa-001" secondAttribute="trailing" constant="8" id="c01-aa-002"/>
                                    <constraint firstItem="rt1-aa-000" firstAttribute="trailingMargin" secondItem="val-aa-002" secondAttribute="trailing" id="c01-aa-003"/>
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static func project() throws -> URL {
        try CLI.folder([
            "Base.lproj/Main.storyboard": storyboard,
            "de.lproj/Main.strings":
                "\"tit-aa-001.text\" = \"Mitteilungen und Datenschutz\";\n\"val-aa-002.text\" = \"Ausgeschaltet und gesperrt\";\n",
            "ja.lproj/Main.strings": "\"tit-aa-001.text\" = \"通知とプライバシーの設定\";\n\"val-aa-002.text\" = \"オフ\";\n",
            "fr.lproj/Main.strings": "\"tit-aa-001.text\" = \"Notifications et confidentialité des données personnelles\";\n",
            "labelspec.json": #"{ "contentSizes": ["large"], "screens": ["iPhone SE (3rd generation)", "iPhone 16"] }"#,
        ])
    }

    /// The findings: in German and French the row is too narrow for both texts. The two labels
    /// resist compression equally, so UIKit gives way on one of them, its choice: the row is
    /// reported once, on its first label, at the width the value's text leaves it in that
    /// language, naming the other.
    @Test func aRowOfEqualLabelsIsReportedOnceAtTheWidthItsNeighboursLeave() throws {
        #expect(
            try Self.findings(try Self.project()) == [
                #"truncates | truncates in de on iPhone SE (3rd generation) at .large: "Mitteilungen u…" (122.7 pt: between the leading margin and "Off" - 8; with the de texts of the labels beside it; also fr at .large; on 1 more screen); or "Off" truncates instead: they share its row at the same compression resistance, and UIKit chooses which gives way; in Interface Builder's Attributes inspector, set Lines to 0 | 122.69"#,
                #"missing-translation | no fr translation of 'val-aa-002.text': iOS shows the en text there; add one | -"#,
            ])
    }

    /// With the value's compression resistance above the title's, the title gives way: it
    /// truncates where the value's text leaves it too little, and the value never does.
    @Test func aLowerCompressionResistanceGivesWay() throws {
        let project = try Self.project()
        let path = project.appendingPathComponent("Base.lproj/Main.storyboard")
        let text = try String(contentsOf: path, encoding: .utf8)
        try text.replacingOccurrences(
            of: #"<label text="Off" "#, with: #"<label text="Off" horizontalCompressionResistancePriority="751" "#
        )
        .write(to: path, atomically: true, encoding: .utf8)
        #expect(
            try Self.findings(project) == [
                #"truncates | truncates in de on iPhone SE (3rd generation) at .large: "Mitteilungen u…" (122.7 pt: between the leading margin and "Off" - 8; with the de texts of the labels beside it; also fr at .large; on 1 more screen); in Interface Builder's Attributes inspector, set Lines to 0 | 122.69"#,
                #"missing-translation | no fr translation of 'val-aa-002.text': iOS shows the en text there; add one | -"#,
            ])
    }

    /// `check --format json`'s findings as `CODE | MESSAGE | WIDTH`.
    static func findings(_ project: URL) throws -> [String] {
        let r = try CLI.run(["check", "Base.lproj/Main.storyboard", "--format", "json"], in: project)
        guard case .array(let rows) = try JSONValue.parse(r.stdout) else {
            Issue.record("no JSON: \(r.stdout) \(r.stderr)")
            return []
        }
        return rows.map { row in
            [
                row["code"]?.stringValue ?? "-", row["message"]?.stringValue ?? "-",
                row["width"]?.doubleValue.map { String(format: "%.2f", $0) } ?? "-",
            ]
            .joined(separator: " | ")
        }
    }

    /// `measure`: each label's width on the iPhone SE in each language as the one that gives way,
    /// the other's text there taken off (English: "Off"; French: "Off" too, untranslated; German
    /// and Japanese: theirs; "通知とプライバシーの設定" keeps Noto Sans CJK's kerning of its kana
    /// pairs, 0.34 pt, as Core Text shaping the line whole does).
    @Test func measureShowsEachLanguagesWidth() throws {
        let r = try CLI.run(
            ["measure", "--locale", "all", "--format", "json", "--screen", "iPhone SE (3rd generation)", "Base.lproj/Main.storyboard"],
            in: try Self.project())
        guard case .array(let rows) = try JSONValue.parse(r.stdout) else {
            Issue.record("no JSON: \(r.stdout) \(r.stderr)")
            return
        }
        let widths = rows.compactMap { row -> String? in
            guard let label = row["label"]?.stringValue, let locale = row["locale"]?.stringValue, let w = row["width"]?.doubleValue else {
                return nil
            }
            return "\(label) \(locale) \(String(format: "%.2f", w))"
        }
        #expect(
            widths == [
                "Label_tit_aa_001 en 311.08", "Label_tit_aa_001 de 122.69", "Label_tit_aa_001 fr 311.08", "Label_tit_aa_001 ja 301.00",
                "Label_val_aa_002 en 80.78", "Label_val_aa_002 de 106.26", "Label_val_aa_002 fr 1.00", "Label_val_aa_002 ja 131.34",
            ])
    }

    /// A neighbour's translation of a megabyte: its first 2,000 characters are laid out (wider
    /// than any screen already), so the row is said at once: the title has no room left (1 pt).
    @Test func aHugeNeighbourIsLaidOutInPart() throws {
        let project = try Self.project()
        let huge = String(repeating: "Ausgeschaltet ", count: 80_000)
        try Data("\"tit-aa-001.text\" = \"Mitteilungen\";\n\"val-aa-002.text\" = \"\(huge)\";\n".utf8)
            .write(to: project.appendingPathComponent("de.lproj/Main.strings"))
        let r = try CLI.run(["check", "Base.lproj/Main.storyboard", "--format", "json"], in: project, timeout: 60)
        guard case .array(let rows) = try JSONValue.parse(r.stdout), let first = rows.first else {
            Issue.record("no JSON: \(r.stderr)")
            return
        }
        #expect(first["width"]?.doubleValue == 1)
        #expect(
            first["message"]?.stringValue?.hasPrefix(
                #"truncates in de on iPhone SE (3rd generation) at .large: "…" (1 pt: between the leading margin and "Off" - 8; with the de texts of the labels beside it;"#
            ) == true)
    }
}
