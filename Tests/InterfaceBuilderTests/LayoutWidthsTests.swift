import Foundation
import Testing

@testable import InterfaceBuilder

/// Labels in no constraint (Xcode fixes their frame at build time): their frame's width, read
/// without solving the scene's layout once per label.
@Suite struct LayoutWidthsTests {
    /// A frame that leaves out its x (a rect's missing coordinate is 0) is still a frame: the
    /// label keeps its width, not the root view's (was: "nothing holds its width", `.screen`).
    @Test func aFrameWithoutItsXIsKept() {
        let bytes = storyboard(
            """
            <label opaque="NO" text="Hello" adjustsFontSizeToFit="NO" id="aaa-11-bbb"><rect key="frame" width="200" height="21"/></label>
            """)
        let doc = InterfaceBuilderDocument.read(bytes)
        #expect(doc.problem == nil)
        #expect(
            doc.labels.map(\.layoutWidth) == [
                LayoutWidth(expression: "200", source: "its frame: it has no constraints, and Xcode fixes its frame at build time")
            ])
    }

    /// Thousands of labels in no constraint in one scene: each its frame, in a time that grows
    /// with the scene (was: a solve of the whole scene per label, about 50 s for 2,000 labels).
    @Test func manyFramedLabelsAreReadInLinearTime() {
        let n = 3_000
        let labels = (0..<n).map {
            #"<label text="Label \#($0)" adjustsFontSizeToFit="NO" id="l\#($0)"><rect key="frame" x="16" y="0" width="\#(100 + $0 % 7)" height="21"/></label>"#
        }
        let start = Date()
        let doc = InterfaceBuilderDocument.read(storyboard(labels.joined(separator: "\n")))
        #expect(doc.problem == nil)
        #expect(doc.labels.map { $0.layoutWidth?.expression } == (0..<n).map { "\(100 + $0 % 7)" })
        #expect(Date().timeIntervalSince(start) < 30)
    }
}
