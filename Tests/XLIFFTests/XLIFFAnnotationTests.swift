import Foundation
import Testing

@testable import XLIFF

/// Annotating is splicing: a note after each unit's last child and attributes on its start tag;
/// stripping removes exactly those.
@Suite struct XLIFFAnnotationTests {
    /// Strips, then adds a note to every unit with a target (and `maxwidth` to every other one).
    func annotate(_ bytes: [UInt8]) throws -> [UInt8] {
        let stripped = ByteSplices.apply(XLIFFAnnotation.strip(try read(bytes)), to: bytes)
        let d = try read(stripped)
        var splices: [ByteSplice] = []
        for (i, u) in d.units.enumerated() where u.target != nil {
            let attributes = i % 2 == 0 ? [(name: "maxwidth", value: "\(i)"), (name: "size-unit", value: "char")] : []
            splices +=
                XLIFFAnnotation.annotate(d, unit: i, note: "Fits 120 pt × 1 line <&> \"\(u.id ?? "")\"", attributes: attributes)?
                .splices ?? []
        }
        return ByteSplices.apply(splices, to: stripped)
    }

    @Test func annotatingWritesWhatXcodeWouldAndStripRestoresEveryByte() throws {
        for name in ["matrix.xliff", "platform.xliff"] {
            let original = try fixture(name)
            let once = try annotate(original)
            #expect(once != original)
            #expect(try annotate(once) == once, "\(name): annotating twice changes nothing")
            let stripped = ByteSplices.apply(XLIFFAnnotation.strip(try read(once)), to: once)
            #expect(stripped == original, "\(name): strip gives the original bytes back")
            // Every unit kept its id, source and target text.
            let a = try read(original)
            let b = try read(once)
            #expect(a.units.map(\.id) == b.units.map(\.id))
            #expect(a.units.map { $0.target?.text } == b.units.map { $0.target?.text })
        }
    }

    @Test func theNoteIsAChildOfItsOwnLineAndTheAttributesGoOnTheStartTag() throws {
        let once = try annotate(try fixture("matrix.xliff"))
        let text = String(decoding: once, as: UTF8.self)
        #expect(
            text.contains(
                """
                      <trans-unit id="Save" xml:space="preserve">
                        <source>Save</source>
                        <target state="translated">Sichern</target>
                        <note>Saves the document</note>
                        <note from="labelspec">Fits 120 pt × 1 line &lt;&amp;&gt; "Save"</note>
                      </trans-unit>
                """))
        #expect(
            text.contains(
                """
                      <trans-unit id="" xml:space="preserve" maxwidth="0" size-unit="char">
                        <source>Empty key</source>
                        <target state="translated">Leerer Schlüssel</target>
                        <note/>
                        <note from="labelspec">Fits 120 pt × 1 line &lt;&amp;&gt; "" [LabelSpec set maxwidth, size-unit]</note>
                      </trans-unit>
                """))
        // A unit without a target is not touched; the file still ends as it did.
        #expect(
            text.contains(
                """
                      <trans-unit id="Untranslated" xml:space="preserve">
                        <source>Untranslated</source>
                        <note/>
                      </trans-unit>
                """))
        #expect(text.hasSuffix("</xliff>\n"))
        // CR LF files get CR LF lines.
        let platform = String(decoding: try annotate(try fixture("platform.xliff")), as: UTF8.self)
        #expect(platform.contains("<note />\r\n        <note from=\"labelspec\">Fits"))
        #expect(!platform.hasSuffix("\n"))
    }

    @Test func aDevelopersOwnAttributesAndNotesAreNeverRemoved() throws {
        let bytes = Array(
            """
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="L.xcstrings"><body>
            <trans-unit id="a" maxwidth="9" size-unit="char"><source>A</source><target>B</target><note from="developer">mine</note></trans-unit>
            </body></file></xliff>
            """.utf8)
        let d = try read(bytes)
        let result = XLIFFAnnotation.annotate(
            d, unit: 0, note: "budget", attributes: [("maxwidth", "4"), ("size-unit", "char"), ("weblate-flags", "max-size:80:1")])!
        #expect(result.added == ["weblate-flags"])
        let once = ByteSplices.apply(result.splices, to: bytes)
        #expect(
            String(decoding: once, as: UTF8.self).contains(
                #"<trans-unit id="a" maxwidth="9" size-unit="char" weblate-flags="max-size:80:1"><source>A</source><target>B</target><note from="developer">mine</note>"#
                    + "<note from=\"labelspec\">budget [LabelSpec set weblate-flags]</note></trans-unit>"))
        #expect(ByteSplices.apply(XLIFFAnnotation.strip(try read(once)), to: once) == bytes)
    }

    @Test func tenThousandUnitsAreReadAndAnnotatedInLinearTime() throws {
        var text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"\(xliff12Namespace)\" version=\"1.2\">\n  <file original=\"Localizable.xcstrings\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\">\n    <body>\n"
        for i in 0..<10_000 {
            text +=
                "      <trans-unit id=\"key \(i)|==|plural.other\" xml:space=\"preserve\">\n        <source>%lld things \(i)</source>\n        <target state=\"translated\">%lld Dinge \(i)</target>\n        <note/>\n      </trans-unit>\n"
        }
        text += "    </body>\n  </file>\n</xliff>\n"
        let bytes = Array(text.utf8)
        let once = try annotate(bytes)
        let d = try read(once)
        #expect(d.units.count == 10_000)
        #expect(d.units.allSatisfy { $0.notes.count == 2 })
        #expect(ByteSplices.apply(XLIFFAnnotation.strip(d), to: once) == bytes)
    }

    /// What an adversarial pass found: white space before `>` and start tags over several lines
    /// are given back by `strip`; a note copied twice and a note naming an attribute LabelSpec
    /// never sets do not make `strip` trap or remove the unit's `id`; a file whose lines end in
    /// CR alone gets CR.
    @Test func stripGivesBackExactlyWhatWasThere() throws {
        let bytes = Array(
            """
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="L.xcstrings"><body>
              <trans-unit id="a" xml:space="preserve" >
                <source>A</source>
              </trans-unit>
              <trans-unit id="b"
                  xml:space="preserve"
                  >
                <source>B</source>
              </trans-unit>
            </body></file></xliff>

            """.utf8)
        let d = try read(bytes)
        var splices: [ByteSplice] = []
        for i in d.units.indices {
            splices += XLIFFAnnotation.annotate(d, unit: i, note: "n", attributes: [("maxwidth", "4"), ("size-unit", "char")])!.splices
        }
        let once = ByteSplices.apply(splices, to: bytes)
        #expect(String(decoding: once, as: UTF8.self).contains(#"<trans-unit id="a" xml:space="preserve" maxwidth="4" size-unit="char" >"#))
        #expect(ByteSplices.apply(XLIFFAnnotation.strip(try read(once)), to: once) == bytes)

        let copied = Array(
            """
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="L.xcstrings"><body>
            <trans-unit id="a" maxwidth="4" size-unit="char"><source>A</source><note from="labelspec">x [LabelSpec set maxwidth, size-unit]</note><note from="labelspec">x [LabelSpec set maxwidth, size-unit]</note></trans-unit>
            <trans-unit id="b"><source>B</source><note from='labelspec'>Keep it short [LabelSpec set id, maxwidth]</note></trans-unit>
            </body></file></xliff>
            """.utf8)
        let stripped = String(decoding: ByteSplices.apply(XLIFFAnnotation.strip(try read(copied)), to: copied), as: UTF8.self)
        #expect(stripped.contains(#"<trans-unit id="a"><source>A</source></trans-unit>"#))
        #expect(stripped.contains(#"<trans-unit id="b"><source>B</source></trans-unit>"#))

        let cr = Array(
            "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\r<file>\r<trans-unit id=\"a\">\r  <source>A</source>\r</trans-unit>\r</file>\r</xliff>\r"
                .utf8)
        let annotated = ByteSplices.apply(XLIFFAnnotation.annotate(try read(cr), unit: 0, note: "n")!.splices, to: cr)
        #expect(!annotated.contains(0x0A))
        #expect(String(decoding: annotated, as: UTF8.self).contains("<source>A</source>\r  <note from=\"labelspec\">n</note>"))
    }
}
