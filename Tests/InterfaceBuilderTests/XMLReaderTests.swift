import Testing

@testable import InterfaceBuilder

/// A storyboard of one scene around `labels` (Xcode's format).
/// A storyboard of one scene whose root view (`8bC-Xf-vdC`) holds `labels` as its subviews, then
/// `root` (its safe area guide, its constraints).
func storyboard(_ labels: String, root: String = "") -> [UInt8] {
    Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="AppleSDK" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <scenes>
                <scene sceneID="tne-QT-ifu">
                    <objects>
                        <viewController id="BYZ-38-t0r" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="8bC-Xf-vdC">
                                <subviews>
        \(labels)
                                </subviews>
        \(root)
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """.utf8)
}

@Suite struct XMLReaderTests {
    @Test func startTagsAndAttributesAreLocatedInTheFile() {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n  <label  text = 'a &amp; b' id=\"x\"/>\n</document>\n"
        let bytes = Array(text.utf8)
        let doc = InterfaceBuilderDocument.read(bytes)
        #expect(doc.problem == nil)
        let label = try! #require(doc.labels.first)
        func slice(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        #expect(slice(label.tag.nameRange) == "label")
        #expect(slice(label.tag.range) == "<label  text = 'a &amp; b' id=\"x\"/>")
        #expect(label["text"]?.value == "a & b")
        #expect(slice(label["text"]!.nameRange) == "text")
        #expect(slice(label["text"]!.valueRange) == "a &amp; b")
        #expect(slice(label["id"]!.valueRange) == "x")
    }

    @Test func textWithLineBreaksAndAttributedTextAreRead() {
        let doc = InterfaceBuilderDocument.read(
            storyboard(
                """
                <label text="x" id="a1"/>
                <label id="a2"><string key="text">One
                Two</string><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
                <label id="a3"><attributedString key="attributedText"><fragment content="Bold "><attributes/></fragment><fragment><string key="content">and more</string></fragment></attributedString></label>
                """))
        #expect(doc.problem == nil)
        #expect(doc.labels.map(\.id) == ["a1", "a2", "a3"])
        #expect(doc.labels[1].elementText?.text == "One\nTwo")
        #expect(doc.labels[1].children["fontDescription"]?["style"]?.value == "UICTFontTextStyleBody")
        #expect(doc.labels[2].elementText?.text == "Bold and more")
    }

    @Test(arguments: [
        (
            "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><label></document>",
            "Opening and ending tag mismatch: label line 1 and document", 67
        ),
        (
            "<plist version=\"1.0\"><dict/></plist>",
            "not an Interface Builder file: its root element is <plist>, not <document type=\"com.apple.InterfaceBuilder3…\">", 1
        ),
        (
            "<document type=\"com.apple.dt.whatever\"/>",
            "not an Interface Builder file: its <document> has type 'com.apple.dt.whatever', not <document type=\"com.apple.InterfaceBuilder3…\">",
            1
        ),
        ("", "the file is empty: not an Interface Builder file", 0),
        (
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><document/>",
            "the file declares encoding 'ISO-8859-1'; save it as UTF-8, as Xcode does", 30
        ),
        ("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><label text=\"a\u{FF}\"/></document>", "", -1),
    ])
    func badFilesAreALocatedProblem(_ text: String, _ message: String, _ offset: Int) {
        let doc = InterfaceBuilderDocument.read(Array(text.utf8))
        if offset < 0 {
            #expect(doc.problem == nil)  // U+00FF is UTF-8 here
            return
        }
        #expect(doc.problem == XMLProblem(message: message, offset: offset))
    }

    @Test func utf16IsRefused() {
        let doc = InterfaceBuilderDocument.read([0xFF, 0xFE, 0x3C, 0x00])
        #expect(doc.problem == XMLProblem(message: "the file is UTF-16; save it as UTF-8, as Xcode does", offset: 0))
    }

    @Test func invalidUTF8IsAProblemAtItsByte() {
        var bytes = Array("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><label text=\"a".utf8)
        let at = bytes.count
        bytes += [0xFF] + Array("\"/></document>".utf8)
        let doc = InterfaceBuilderDocument.read(bytes)
        #expect(doc.problem?.message.hasPrefix("Input is not proper UTF-8") == true)
        #expect(doc.problem?.offset == at)
    }

    /// Entities are never expanded: the first reference to one declared in the file stops the read.
    @Test func billionLaughsStopsAtTheFirstReference() {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE document [\n  <!ENTITY lol \"lol\">\n"
        for i in 1...9 { text += "  <!ENTITY lol\(i) \"" + String(repeating: "&lol\(i == 1 ? "" : String(i - 1));", count: 10) + "\">\n" }
        text +=
            "]>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><label text=\"&lol9;\"/><label>&lol9;</label></document>\n"
        let doc = InterfaceBuilderDocument.read(Array(text.utf8))
        #expect(doc.problem?.message == "Entity 'lol9' not defined")
        #expect(doc.labels.isEmpty)
    }

    @Test func externalEntitiesAreNeverFetched() {
        let text =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE document SYSTEM \"http://example.invalid/x.dtd\" [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><label text=\"a\">&e;</label></document>\n"
        let doc = InterfaceBuilderDocument.read(Array(text.utf8))
        #expect(doc.problem?.message == "Entity 'e' not defined")
    }

    @Test func deepNestingIsAProblemNotACrash() {
        let text = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">" + String(repeating: "<view>", count: 100_000)
        let doc = InterfaceBuilderDocument.read(Array(text.utf8))
        #expect(doc.problem?.message == "elements nested more than 256 deep; Interface Builder never writes that")
    }
}
