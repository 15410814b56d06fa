import LabelLocalization
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelVocabulary
import Testing

/// SwiftUI's vocabulary (issue 14): which framework a label describes, its properties and
/// defaults, `wrong-framework` where the two are mixed, and completion of the right set.
@Suite struct SwiftUITests {
    static let measurer = Measurer()

    func check(_ text: String, sizes: [ContentSizeCategory] = [.large]) -> [String] {
        let w = workspace(["a": text])
        return Checks.diagnostics(of: "a", in: w, measurer: Self.measurer, plan: MeasuringPlan().at(sizes)).map {
            "\($0.code.rawValue)@\(slice(text, $0.range)): \($0.message)" + ($0.fixes.first.map { " [fix: \($0.title)]" } ?? "")
        }
    }

    @Test func theOtherFrameworksPropertiesAreWrongFramework() {
        let text = """
            style OneLine {
                numberOfLines: 1
                lineBreakMode: .byTruncatingTail
            }
            label Tab: OneLine {
                text: "Library"
                icon: .systemImage("books.vertical")
                textAlignment: .center
                adjustsFontSizeToFitWidth: true
                minimumScaleFactor: 0.8
            }
            label Plain {
                text: "Done"
                lineLimit: 2
                numberOfLines: 0
                allowsDefaultTighteningForTruncation: true
            }
            label Explicit {
                text: "Done"
                framework: .uiKit
                lineLimit: 2
                truncationMode: .middle
            }

            """
        #expect(
            check(text) == [
                "wrong-framework@Tab: 'lineBreakMode' is UILabel's; this label is SwiftUI (it has an icon), which ignores it: use truncationMode: .tail (set by style 'OneLine')",
                "wrong-framework@Tab: 'numberOfLines' is UILabel's; this label is SwiftUI (it has an icon), which ignores it: use lineLimit: 1 (set by style 'OneLine')",
                "wrong-framework@textAlignment: 'textAlignment' is UILabel's; this label is SwiftUI (it has an icon), which ignores it: use multilineTextAlignment: .center [fix: Replace with multilineTextAlignment: .center]",
                "wrong-framework@adjustsFontSizeToFitWidth: 'adjustsFontSizeToFitWidth' is UILabel's; this label is SwiftUI (it has an icon), which ignores it: remove it: in SwiftUI, minimumScaleFactor alone lets the text shrink [fix: Remove 'adjustsFontSizeToFitWidth']",
                "wrong-framework@numberOfLines: 'numberOfLines' is UILabel's; this label is SwiftUI (it sets lineLimit), which ignores it: remove it: SwiftUI text wraps without a limit unless lineLimit says otherwise [fix: Remove 'numberOfLines']",
                "wrong-framework@allowsDefaultTighteningForTruncation: 'allowsDefaultTighteningForTruncation' is UILabel's; this label is SwiftUI (it sets lineLimit), which ignores it: use allowsTightening: true [fix: Replace with allowsTightening: true]",
                "wrong-framework@lineLimit: 'lineLimit' is SwiftUI's; this label is a UILabel (framework: .uiKit), which ignores it: use numberOfLines: 2, or say framework: .swiftUI [fix: Replace with numberOfLines: 2]",
                "wrong-framework@truncationMode: 'truncationMode' is SwiftUI's; this label is a UILabel (framework: .uiKit), which ignores it: use lineBreakMode: .byTruncatingMiddle, or say framework: .swiftUI [fix: Replace with lineBreakMode: .byTruncatingMiddle]",
            ])
        // A SwiftUI label's minimumScaleFactor needs no adjustsFontSizeToFitWidth; a UILabel's does.
        #expect(check("label S { text: \"a\"; framework: .swiftUI; minimumScaleFactor: 0.5 }\n") == [])
        #expect(check("label U { text: \"a\"; minimumScaleFactor: 0.5 }\n").first?.hasPrefix("no-effect@minimumScaleFactor") == true)
        #expect(
            check("label L { text: \"a\"; lineLimit: 0 }\n") == [
                "invalid-number@0: 'lineLimit' must be 1 or more; leave it out for as many lines as needed [fix: Use 1]"
            ])
    }

    /// SwiftUI text wraps without a limit by default, truncates its last line per
    /// `truncationMode` under a `lineLimit`, and shrinks with `minimumScaleFactor` alone.
    /// The counterpart already set, by the label or a style: it is the one in force, so the
    /// other framework's property is only removed (writing the counterpart would override it, and
    /// `--fix --unsafe-fixes` changed what is measured: lineLimit 3 became 2).
    @Test func aCounterpartAlreadySetIsKept() {
        let text = """
            style Four {
                lineLimit: 4
            }
            label M {
                text: "Hello"
                lineLimit: 3
                numberOfLines: 2
            }
            label K: Four {
                text: "Hello"
                numberOfLines: 2
                lineBreakMode: .byTruncatingMiddle
            }
            label U {
                text: "Hello"
                framework: .uiKit
                numberOfLines: 2
                lineLimit: 5
            }

            """
        #expect(
            check(text) == [
                "wrong-framework@numberOfLines: 'numberOfLines' is UILabel's; this label is SwiftUI (it sets lineLimit), which ignores it: remove it: lineLimit is set, and is what counts [fix: Remove 'numberOfLines']",
                "wrong-framework@numberOfLines: 'numberOfLines' is UILabel's; this label is SwiftUI (it sets lineLimit), which ignores it: remove it: lineLimit is set by style 'Four', and is what counts [fix: Remove 'numberOfLines']",
                "wrong-framework@lineBreakMode: 'lineBreakMode' is UILabel's; this label is SwiftUI (it sets lineLimit), which ignores it: use truncationMode: .middle [fix: Replace with truncationMode: .middle]",
                "wrong-framework@lineLimit: 'lineLimit' is SwiftUI's; this label is a UILabel (framework: .uiKit), which ignores it: remove it: numberOfLines is set, and is what counts, or say framework: .swiftUI [fix: Remove 'lineLimit']",
            ])
    }

    /// A line count past Int's range is read as no limit: the quick fix writes the other
    /// framework's "no limit", not 9223372036854775807 in place of what was written.
    @Test func aLineCountPastIntsRangeIsNoLimit() {
        #expect(
            check("label U {\n    text: \"a\"\n    framework: .uiKit\n    lineLimit: 99999999999999999999\n}\n") == [
                "wrong-framework@lineLimit: 'lineLimit' is SwiftUI's; this label is a UILabel (framework: .uiKit), which ignores it: use numberOfLines: 0, or say framework: .swiftUI [fix: Replace with numberOfLines: 0]"
            ])
        #expect(
            check("label S {\n    text: \"a\"\n    framework: .swiftUI\n    numberOfLines: 99999999999999999999\n}\n") == [
                "wrong-framework@numberOfLines: 'numberOfLines' is UILabel's; this label is SwiftUI (framework: .swiftUI), which ignores it: remove it: SwiftUI text wraps without a limit unless lineLimit says otherwise [fix: Remove 'numberOfLines']"
            ])
    }

    @Test func swiftUIDefaultsAreMeasured() throws {
        let text = """
            label Wraps { text: "Share with your friends and family"; framework: .swiftUI; width: 120 }
            label Limited { text: "Share with your friends and family"; icon: .systemImage("square.and.arrow.up"); labelStyle: .titleOnly; lineLimit: 1; truncationMode: .head; width: 120 }
            label Shrinks { text: "Share with friends"; framework: .swiftUI; lineLimit: 1; minimumScaleFactor: 0.5; width: 120 }
            label UIKit { text: "Share with your friends and family"; width: 120 }

            """
        let w = workspace(["a": text])
        let doc = w.documents["a"]!
        func trimmed(_ l: LabelLayout) -> [String] { l.lines.map { String($0.text.reversed().drop(while: { $0 == " " }).reversed()) } }
        func layout(_ name: String) throws -> LabelLayout {
            let info = try #require(doc.orderedItems.first { $0.0.name == name }?.0)
            let input = try #require(LayoutInputs.input(for: info, in: w, contentSize: .large))
            return try Self.measurer.layout(input).get()
        }
        #expect(trimmed(try layout("Wraps")) == ["Share with your", "friends and", "family"])
        #expect(trimmed(try layout("Limited")) == ["…ds and family"])
        #expect(try layout("Limited").isTruncated)
        let shrinks = try layout("Shrinks")
        #expect(shrinks.scale < 1 && !shrinks.isTruncated && shrinks.lines.count == 1)
        #expect(trimmed(try layout("UIKit")) == ["Share with yo…"])
        #expect(
            check(text) == [
                "truncates@Limited: truncates at .large: \"…ds and family\" (120 pt: width 120) [fix: Allow wrapping (remove lineLimit)]",
                "truncates@UIKit: truncates at .large: \"Share with yo…\" (120 pt: width 120) [fix: Allow wrapping (numberOfLines: 0)]",
            ])
    }

    @Test func completionOffersTheFrameworksProperties() {
        let text =
            "label S {\n    text: \"x\"\n    icon: .systemImage(\"a\")\n    \n}\nlabel U {\n    text: \"x\"\n    \n}\nstyle Neutral {\n    \n}\n"
        let w = workspace(["a": text])
        let doc = w.documents["a"]!
        func names(after needle: String) -> [String] {
            Completion.items(at: offset(of: needle, in: text, plus: needle.utf8.count), in: doc, workspace: w).map(\.label)
        }
        let swiftUI = names(after: "icon: .systemImage(\"a\")\n    ")
        #expect(
            swiftUI.contains("lineLimit") && swiftUI.contains("truncationMode") && !swiftUI.contains("numberOfLines")
                && !swiftUI.contains("lineBreakMode"))
        let uiKit = names(after: "label U {\n    text: \"x\"\n    ")
        #expect(uiKit.contains("numberOfLines") && !uiKit.contains("lineLimit") && !uiKit.contains("multilineTextAlignment"))
        // A style that does not say its framework may serve either.
        let neutral = names(after: "style Neutral {\n    ")
        #expect(neutral.contains("numberOfLines") && neutral.contains("lineLimit") && neutral.contains("framework"))
    }
}
