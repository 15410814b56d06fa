import Foundation
import Testing

/// Issue 37, points 2 to 6: `labelspec check` reads an app's Swift sources (a fixture app of our
/// own: SwiftUI, UIKit in code, SwiftGen output, a catalog with long German texts, annotations
/// and font tokens) and reports what truncates at the call, with the width it was measured at
/// and why; the sites it does not check are counted by reason.
@Suite struct SwiftSourcesCommandTests {
    static let app = "Tests/Fixtures/SwiftApp"

    /// Every finding of the fixture app, its summary, and the one unmapped token said once on
    /// standard error with how to map it.
    @Test func checkTheFixtureApp() throws {
        let r = try CLI.run(["check", Self.app])
        #expect(r.status == 1)
        #expect(
            r.stdout == #"""
                Tests/Fixtures/SwiftApp/Sources/Annotated.swift:7:13: warning: truncates in de on iPhone SE (3rd generation) at .large: "Weiter zur Einric…" (143 pt: // labelspec: width .margins - 200) [truncates]
                    Text("onboarding.continue").font(.body).lineLimit(1)
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/Annotated.swift:8:13: warning: truncates in de at .large: "Gerade eben mit d…" (180 pt: // labelspec: width 180) [truncates]
                    Text("sync.status").font(.title3) // labelspec: lines 1; width 180
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/Annotated.swift:10:13: warning: truncates in de on iPhone SE (3rd generation) at .large: "Änderungen dauerhaft im Benutzerkonto s…" (343 pt: no width known: at the margins of iPhone SE (3rd generation)) [truncates]
                    Text("button.save").font(.body).lineLimit(1) // labelspec: wdth 100
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/Annotated.swift:10:72: error: 'wdth' is not something a labelspec comment says: write width, lines, font or ignore CODE [syntax]
                    Text("button.save").font(.body).lineLimit(1) // labelspec: wdth 100
                                                                               ^~~~~~~~
                Tests/Fixtures/SwiftApp/Sources/Annotated.swift:11:34: warning: 'truncatez' is not a diagnostic code, so this labelspec:ignore does not suppress it; did you mean 'truncates'? [invalid-ignore]
                    // labelspec: ignore truncatez
                                         ^~~~~~~~~
                Tests/Fixtures/SwiftApp/Sources/Annotated.swift:12:13: warning: truncates in de at .large: "Endgültig…" (90 pt: .frame(width: 90)) [truncates]
                    Text("legacy.delete").font(.body).lineLimit(1).frame(width: 90)
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/Broken.swift:5:9: warning: truncates in de at .large: "Endgülti…" (80 pt: .frame(width: 80)) [truncates]
                    Text("legacy.delete").font(.body).lineLimit(1).frame(width: 80)
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/Broken.swift:7:9: warning: truncates in de at .large: "Änderun…" (80 pt: .frame(width: 80)) [truncates]
                    Text("button.save").font(.body).lineLimit(1).frame(width: 80)
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/Cell.swift:5:13: warning: truncates in de at .large: "Speicherplatzv…" (140 pt: widthAnchor 140) [truncates]
                    let label = UILabel()
                        ^~~~~
                Tests/Fixtures/SwiftApp/Sources/Cell.swift:14:13: warning: truncates in de on iPhone SE (3rd generation) at .large: "Änderungen dauerhaft im Benutze…" (343 pt: no width known: at the margins of iPhone SE (3rd generation)) [truncates]
                    let button = UIButton(type: .system)
                        ^~~~~~
                Tests/Fixtures/SwiftApp/Sources/Profile.swift:4:9: warning: truncates in de at .large: "Gerade eben mit der iC…" (200 pt: widthAnchor 200) [truncates]
                    let nameLabel = UILabel()
                        ^~~~~~~~~
                Tests/Fixtures/SwiftApp/Sources/SettingsView.swift:13:13: warning: the spec label 'SyncStatus' (Tests/Fixtures/SwiftApp/Specs/Settings.labelspec:3:7) shows "sync.status" with lineLimit 3; this code says lineLimit 2 [spec-drift]
                    Text("sync.status").font(.footnote).lineLimit(2)
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/SettingsView.swift:14:13: warning: truncates in de at .large: "Hallo Alexandra, willkom…" (200 pt: .frame(width: 200)) [truncates]
                    Text("Hello \(name)").font(.body).lineLimit(1).frame(width: 200)
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/SettingsView.swift:15:13: warning: truncates in de on iPhone SE (3rd generation) at .large: "1200 Elemente in der Wartesch…" (188 pt: .frame(maxWidth: 220) less .padding 32) [truncates]
                    Text("\(count) items")
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/SettingsView.swift:21:13: warning: truncates at .large: "Version 1.0 (b…" (120 pt: .frame(width: 120)) [truncates]
                    Text(verbatim: "Version 1.0 (build 4821) of the application").font(.body).lineLimit(1).frame(width: …
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/SettingsView.swift:22:13: warning: truncates in de at .large: "Endgültig aus der M…" (150 pt: .frame(width: 150)) [truncates]
                    Text(L10n.Legacy.delete).font(.compound.bodyMD).lineLimit(1).frame(width: 150)
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/SettingsView.swift:25:13: warning: truncates in de on iPhone SE (3rd generation) at .large: "Änderungen dauerhaft im Be…" (343 pt: no width known: at the margins of iPhone SE (3rd generation)) [truncates]
                    Label("button.save", systemImage: "square.and.arrow.down").font(.compound.headingMDBold).lineLimit(1…
                    ^~~~~
                Tests/Fixtures/SwiftApp/Sources/Symbols.swift:7:13: warning: truncates in de at .large: "Willkomme…" (100 pt: .frame(width: 100)) [truncates]
                    Text(.Onboarding.welcome).font(.body).lineLimit(1).frame(width: 100)
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/Symbols.swift:8:13: warning: truncates in de at .large: "1200 Elem…" (100 pt: .frame(width: 100)) [truncates]
                    Text(.items(3)).font(.body).lineLimit(1).frame(width: 100)
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/Tokens.swift:8:13: warning: truncates in de at .large: "Gerade eben mit der iCloud-Foto…" (250 pt: .frame(width: 250)) [truncates]
                    Text("sync.status").font(.system(size: 15, weight: .semibold, design: .rounded)).lineLimit(1).frame(…
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/Tokens.swift:9:13: warning: truncates in de at .large: "Speicherplatzverwaltung f…" (200 pt: .frame(width: 200)) [truncates]
                    Text("cell.title").font(.custom("Inter", size: 15, relativeTo: .body)).lineLimit(1).frame(width: 200…
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/Tokens.swift:10:13: warning: truncates in de at .large: "Speicherplatzverwaltung f…" (230 pt: .frame(width: 230)) [truncates]
                    Text("cell.title").font(.body.italic()).fontWeight(.bold).lineLimit(1).frame(width: 230)
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/Tokens.swift:11:13: warning: truncates in de at .large: "Änderungen dauerh…" (160 pt: .frame(width: 160)) [truncates]
                    Text(on ? "button.save" : "short").font(.callout).lineLimit(1).frame(width: 160)
                    ^~~~
                Tests/Fixtures/SwiftApp/Sources/Tokens.swift:12:13: warning: truncates in de on iPhone SE (3rd generation) at .large: "Gerade eben mit der iCloud-Fotomediathe…" (343 pt: no width known: at the margins of iPhone SE (3rd generation)) [truncates]
                    Text("sync.status").font(.body).lineLimit(1).dynamicTypeSize(.large)
                    ^~~~
                Tests/Fixtures/SwiftApp/Specs/Settings.labelspec:3:7: warning: the code shows "sync.status" with lineLimit 2 at Tests/Fixtures/SwiftApp/Sources/SettingsView.swift:13:13; this label says lineLimit 3: the code is what ships [spec-drift]
                    label SyncStatus {
                          ^~~~~~~~~~
                Tests/Fixtures/SwiftApp/Specs/Settings.labelspec:10:7: warning: truncates in de at .large: "Einst…" (60 pt: width 60; also en at .large) [truncates]
                    label SettingsTitle {
                          ^~~~~~~~~~~~~
                    note: the de text in the catalog at Tests/Fixtures/SwiftApp/Resources/Localizable.xcstrings:5:5
                Checked 9 files: 1 error, 25 warnings
                Swift: 36 text sites, 25 checked; not checked: 2 described by a spec (measured there), 5 that cannot truncate (no line limit, fixedSize or ViewThatFits), 1 with text from code, 1 with the font from the environment, 1 with an unmapped font token, 1 with a font from code
                Measured with stand-ins: Inter and Inter Display for SF Pro; Inter for SF Pro Rounded (their error: docs/measurement.md, "Stand-ins")
                """# + "\n")
        #expect(
            r.stderr == #"""
                labelspec: font token 'Font.compound.unknownToken' is not mapped (1 site not measured): add it to "fonts" in labelspec.json, e.g. "fonts": {"Font.compound.unknownToken": ".body"}
                """# + "\n")
    }

    /// One file checked alone still resolves SwiftGen's accessors from the generated file of
    /// its project (`L10n.Legacy.delete` → `legacy.delete`), and says the sites of that file.
    @Test func oneFileWithTheProjectsAccessors() throws {
        let r = try CLI.run(["check", Self.app + "/Sources/SettingsView.swift"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        // The spec beside it describes two of its sites: one as the code shows it, one with
        // other lines (`spec-drift`, at the site only: the spec is not in the run).
        #expect(
            lines == [
                #"Tests/Fixtures/SwiftApp/Sources/SettingsView.swift:13:13: warning: the spec label 'SyncStatus' (Tests/Fixtures/SwiftApp/Specs/Settings.labelspec:3:7) shows "sync.status" with lineLimit 3; this code says lineLimit 2 [spec-drift]"#,
                #"Tests/Fixtures/SwiftApp/Sources/SettingsView.swift:14:13: warning: truncates in de at .large: "Hallo Alexandra, willkom…" (200 pt: .frame(width: 200)) [truncates]"#,
                #"Tests/Fixtures/SwiftApp/Sources/SettingsView.swift:15:13: warning: truncates in de on iPhone SE (3rd generation) at .large: "1200 Elemente in der Wartesch…" (188 pt: .frame(maxWidth: 220) less .padding 32) [truncates]"#,
                #"Tests/Fixtures/SwiftApp/Sources/SettingsView.swift:21:13: warning: truncates at .large: "Version 1.0 (b…" (120 pt: .frame(width: 120)) [truncates]"#,
                #"Tests/Fixtures/SwiftApp/Sources/SettingsView.swift:22:13: warning: truncates in de at .large: "Endgültig aus der M…" (150 pt: .frame(width: 150)) [truncates]"#,
                #"Tests/Fixtures/SwiftApp/Sources/SettingsView.swift:25:13: warning: truncates in de on iPhone SE (3rd generation) at .large: "Änderungen dauerhaft im Be…" (343 pt: no width known: at the margins of iPhone SE (3rd generation)) [truncates]"#,
                "Checked 1 file: 0 errors, 6 warnings",
                "Swift: 12 text sites, 6 checked; not checked: 2 described by a spec (measured there), 2 that cannot truncate (no line limit, fixedSize or ViewThatFits), 1 with text from code, 1 with an unmapped font token",
                "Measured with stand-ins: Inter and Inter Display for SF Pro (their error: docs/measurement.md, \"Stand-ins\")",
            ])
    }

    /// A comment's width is copied into the generated source only when it is one width
    /// expression: one that would close the label and open another is said, at the comment, and
    /// nothing else is measured.
    @Test func aCommentCannotWriteSource() throws {
        let dir = try CLI.folder([
            "labelspec.json": #"{"contentSizes": ["large"], "screens": ["iPhone SE (3rd generation)"]}"#,
            "V.swift": """
            import SwiftUI
            struct V: View {
                var body: some View {
                    Text(verbatim: "A").font(.body).lineLimit(1) // labelspec: width 100 } label Evil { text: "Extremely long text that would truncate"
                    Text(verbatim: "B").font(.body).lineLimit(1) // labelspec: width .margins - 400
                    Text(verbatim: "C").font(.body).lineLimit(1) // labelspec: width /* 20
                    Text(verbatim: "Sixteen characters and more").font(.body).lineLimit(1) // labelspec: font .nope; lines x
                }
            }
            """,
        ])
        let r = try CLI.run(["check", dir.appendingPathComponent("V.swift").path], in: dir)
        #expect(
            r.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { $0.replacingOccurrences(of: dir.path + "/", with: "") } == [
                #"V.swift:4:68: error: '100 } label Evil { text: "Extremely long text that would truncate"' is not a width: write points or a length such as .margins - 44 [syntax]"#,
                "V.swift:5:74: error: 'width' comes to -57 pt on iPhone SE (3rd generation): .margins - 400; make it wider than 0 there or leave that screen out [invalid-number]",
                "V.swift:6:68: error: '/* 20' is not a width: write points or a length such as .margins - 44 [syntax]",
                "V.swift:7:106: error: 'x' is not a number of lines: write an integer, 0 for no limit [syntax]",
                "Checked 1 file: 4 errors, 0 warnings",
                "Swift: 4 text sites, 3 checked; not checked: 1 with an unmapped font token",
                "Measured with stand-ins: Inter for SF Pro (their error: docs/measurement.md, \"Stand-ins\")",
            ])
        // A font a comment names that is no font Swift spells is a token, mapped in labelspec.json.
        #expect(
            r.stderr
                == #"labelspec: font token 'Font.nope' is not mapped (1 site not measured): add it to "fonts" in labelspec.json, e.g. "fonts": {"Font.nope": ".body"}"#
                + "\n")
        #expect(r.status == 1)
    }

    /// A token whose `fonts` entry is not a font is said once, at the entry: its sites are counted
    /// with a font from code, not said to be unmapped (issue 39's adversarial pass).
    @Test func aTokenWithAnInvalidEntryIsNotCalledUnmapped() throws {
        let dir = try CLI.folder([
            "labelspec.json": #"{"fonts": {"Font.c": ".body.underline()"}}"#,
            "V.swift": """
            import SwiftUI
            struct V: View {
                var body: some View {
                    Text("Hello there").font(.c).lineLimit(1).frame(width: 100)
                }
            }
            """,
        ])
        let r = try CLI.run(["check", "."], in: dir)
        #expect(r.stderr == "")
        #expect(r.stdout.contains("Swift: 1 text site, 0 checked; not checked: 1 with a font from code"))
        #expect(r.stdout.hasPrefix("labelspec.json:1:22: error: the font of 'Font.c' must be a font Swift writes"))
    }

    /// `measure` and `render` read specs and Interface Builder files; a Swift file named is said,
    /// and the run ends with exit 2.
    @Test func measureRefusesSwift() throws {
        let r = try CLI.run(["measure", Self.app + "/Sources/Cell.swift"])
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "labelspec: cannot read 'Tests/Fixtures/SwiftApp/Sources/Cell.swift': Swift sources are read by 'labelspec check' only\n"
        )
    }

    /// A baseline keeps a Swift file's findings like any others': written, then nothing new.
    @Test func baselineAndSelect() throws {
        let dir = try CLI.temporaryDirectory()
        let baseline = dir.appendingPathComponent("baseline.json").path
        let w = try CLI.run(["check", "--write-baseline", baseline, Self.app])
        #expect(w.stdout == "Wrote 26 findings to \(baseline)\n")
        let r = try CLI.run(["check", "--baseline", baseline, Self.app])
        #expect(r.stdout.hasPrefix("Checked 9 files: 0 errors, 0 warnings (26 more in the baseline)\n"))
        let s = try CLI.run(["check", "--select", "invalid-ignore", Self.app])
        #expect(
            s.stdout.split(separator: "\n").first
                == "Tests/Fixtures/SwiftApp/Sources/Annotated.swift:11:34: warning: 'truncatez' is not a diagnostic code, so this labelspec:ignore does not suppress it; did you mean 'truncates'? [invalid-ignore]"
        )
        #expect(s.stdout.contains("Checked 9 files: 0 errors, 1 warning\n"))
    }

    /// Issue 37, point 7: `import` writes the spec of a Swift file's checked sites: each label
    /// named by its text, with its site above it, its key, font, lines, scale and width (or that
    /// none is known).
    @Test func importAFile() throws {
        let r = try CLI.run(["import", Self.app + "/Sources/Profile.swift"])
        #expect(r.status == 0)
        #expect(
            r.stdout == #"""
                // Imported from Profile.swift by labelspec import: 2 sites.

                // Tests/Fixtures/SwiftApp/Sources/Profile.swift:4:9 nameLabel = UILabel()
                label NameLabel {
                    framework: .uiKit
                    text: .localized("sync.status", table: "Localizable")
                    font: .system(size: 20, weight: .bold)
                    numberOfLines: 1
                    adjustsFontSizeToFitWidth: true
                    minimumScaleFactor: 0.9
                    width: 200
                }

                // Tests/Fixtures/SwiftApp/Sources/Profile.swift:5:9 countLabel = UILabel(frame: .zero)
                label CountLabel {
                    framework: .uiKit
                    text: "Storage"
                    font: .system(size: 17)
                    numberOfLines: 2
                    // no width known: measured at the screen's margins
                }
                """# + "\n")
    }

    /// Imported specs describe their sites: checked together, each site is measured once, as the
    /// spec says (the same texts truncate), and nothing drifts.
    @Test func importedSpecsDescribeTheirSites() throws {
        let dir = try CLI.temporaryDirectory()
        let app = dir.appendingPathComponent("App")
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent(Self.app), to: app)
        try FileManager.default.removeItem(at: app.appendingPathComponent("Specs"))
        func truncations(_ out: String) -> [String] {
            out.split(separator: "\n").filter { $0.hasSuffix("[truncates]") }.map { line in
                let message = line.components(separatedBy: ": warning: ")[1]
                return String(message[..<message.range(of: " (")!.lowerBound])
            }.sorted()
        }
        let before = try CLI.run(["check", "App"], in: dir)
        let imported = try CLI.run(["import", "App/Sources", "--out", "App/Specs"], in: dir)
        #expect(imported.stderr.hasSuffix("labelspec: imported 7 files, 28 labels, into 'App/Specs': 7 written, 0 unchanged\n"))
        let after = try CLI.run(["check", "App"], in: dir)
        #expect(truncations(after.stdout) == truncations(before.stdout))
        #expect(!after.stdout.contains("[spec-drift]"))
        #expect(after.stdout.contains("Swift: 36 text sites, 0 checked; not checked: 27 described by a spec (measured there), "))
        // Imported again: nothing changes.
        let again = try CLI.run(["import", "App/Sources", "--out", "App/Specs"], in: dir)
        #expect(again.stderr.hasSuffix("labelspec: imported 7 files, 28 labels, into 'App/Specs': 0 written, 7 unchanged\n"))
    }
}
