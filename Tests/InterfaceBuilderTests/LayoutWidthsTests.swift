import Testing

@testable import InterfaceBuilder

/// The labels' solved widths (expression, phrase) of a scene whose root view holds `subviews`
/// and `constraints` (the root is `R`, 375 pt wide as designed; its safe area guide `G`).
func solvedWidths(_ subviews: String, _ constraints: String = "") -> [String: LayoutWidth] {
    let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="s">
        <objects><viewController id="vc" customClass="RowViewController"><view key="view" contentMode="scaleToFill" id="R">
        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
        <subviews>\(subviews)</subviews>
        <viewLayoutGuide key="safeArea" id="G"/>
        <constraints>\(constraints)</constraints>
        </view></viewController></objects></scene></scenes></document>
        """
    let doc = InterfaceBuilderDocument.read(Array(xml.utf8))
    #expect(doc.problem == nil)
    var out: [String: LayoutWidth] = [:]
    for l in doc.labels { if let id = l.id, let w = l.layoutWidth { out[id] = w } }
    return out
}

/// Issue 35, point 1: each label's width from its view hierarchy's Auto Layout, solved, with the
/// phrase that says where it comes from.
@Suite struct LayoutWidthsTests {
    func widths(_ subviews: String, _ constraints: String = "") -> [String: LayoutWidth] { solvedWidths(subviews, constraints) }

    func label(_ id: String, _ text: String, x: Double, width: Double, extra: String = "") -> String {
        #"<label text="\#(text)" translatesAutoresizingMaskIntoConstraints="NO" id="\#(id)"\#(extra)><rect key="frame" x="\#(x)" y="0" width="\#(width)" height="21"/><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>"#
    }

    /// A label and a button in a row between the margins: the label gets what the button's title
    /// leaves (6 × 0.62 × 15 pt = 55.8 pt, less than its 59 pt frame) and 8 pt; the button what
    /// the label's text leaves.
    @Test func aRowBetweenTheMargins() {
        let w = widths(
            label("L", "Abbrechen und alle Änderungen verwerfen", x: 16, width: 200)
                + #"<button buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="B"><rect key="frame" x="300" y="0" width="59" height="30"/><state key="normal" title="Cancel"/></button>"#,
            #"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leadingMargin" id="c1"/>"#
                + #"<constraint firstItem="B" firstAttribute="leading" secondItem="L" secondAttribute="trailing" constant="8" id="c2"/>"#
                + #"<constraint firstAttribute="trailingMargin" secondItem="B" secondAttribute="trailing" id="c3"/>"#)
        // Each takes a point from the other per point its text is wider (in another language, at
        // another size) than assumed, until the other has none left on the narrowest screen; and
        // they take room from each other (equal compression resistance: UIKit's choice).
        #expect(
            w["L"]
                == LayoutWidth(
                    expression: ".margins - 63.8", source: "between the leading margin and \"Cancel\" - 8",
                    neighbours: [
                        LayoutNeighbour(
                            id: "B", slope: -1, assumed: 55.8, lowest: 0, highest: 335, phrase: #""Cancel""#, shared: true)
                    ]))
        #expect(
            w["B"]
                == LayoutWidth(
                    expression: ".margins - 208", source: "between \"Abbrechen und alle Ände…\" + 8 and the trailing margin",
                    neighbours: [
                        LayoutNeighbour(
                            id: "L", slope: -1, assumed: 200, lowest: 0, highest: 335, phrase: #""Abbrechen und alle Ände…""#,
                            shared: true)
                    ]))
    }

    /// The lower compression resistance gives way: a label at 749 next to one at 750 gets what
    /// the other's text leaves; the other, at 750, keeps its text whatever the first one's.
    @Test func theLowerCompressionResistanceGivesWay() {
        let w = widths(
            label("A", "Title", x: 16, width: 40, extra: #" horizontalCompressionResistancePriority="749""#)
                + label("V", "Value", x: 300, width: 59),
            #"<constraint firstItem="A" firstAttribute="leading" secondItem="R" secondAttribute="leading" constant="16" id="c1"/>"#
                + #"<constraint firstItem="V" firstAttribute="leading" secondItem="A" secondAttribute="trailing" constant="8" id="c2"/>"#
                + #"<constraint firstAttribute="trailing" secondItem="V" secondAttribute="trailing" constant="16" id="c3"/>"#)
        // "Value": 5 × 0.62 × 17 = 52.7 pt; A gets 375 − 32 − 8 − 52.7.
        #expect(w["A"]?.expression == ".screen - 92.7")
        // "Title" is Xcode's placeholder (set in code): it takes nothing from V.
        #expect(w["V"]?.expression == ".screen - 40")
    }

    /// One side pinned only: nothing holds the label, which gets its superview's width; an
    /// inequality at a lower priority than its compression resistance does not hold it either.
    @Test func nothingHoldsTheWidth() {
        let w = widths(
            label("L", "Long", x: 16, width: 40) + label("M", "Long", x: 16, width: 40),
            #"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leading" constant="16" id="c1"/>"#
                + #"<constraint firstItem="M" firstAttribute="leading" secondItem="R" secondAttribute="leading" constant="16" id="c2"/>"#
                + #"<constraint firstAttribute="trailing" relation="greaterThanOrEqual" secondItem="M" secondAttribute="trailing" constant="16" priority="700" id="c3"/>"#
        )
        #expect(
            w["L"]
                == LayoutWidth(
                    expression: ".screen",
                    source: "from the superview's leading edge + 16; nothing holds its width: the width of the view around it"))
        #expect(w["M"]?.expression == ".screen")
        // At 751 (above its 750), the same inequality holds it.
        let held = widths(
            label("M", "Long", x: 16, width: 40),
            #"<constraint firstItem="M" firstAttribute="leading" secondItem="R" secondAttribute="leading" constant="16" id="c2"/>"#
                + #"<constraint firstAttribute="trailing" relation="greaterThanOrEqual" secondItem="M" secondAttribute="trailing" constant="16" priority="751" id="c3"/>"#
        )
        #expect(held["M"]?.expression == ".screen - 32")
    }

    /// A width at half the safe area, a fixed width, and a cap below the screen: a cap is not a
    /// straight line in the screen, so the widest it comes to is measured and said.
    @Test func multipliersConstantsAndCaps() {
        let w = widths(
            label("H", "Half", x: 0, width: 187) + label("F", "Fixed", x: 0, width: 120) + label("C", "Capped", x: 16, width: 300),
            #"<constraint firstItem="H" firstAttribute="leading" secondItem="G" secondAttribute="leading" id="c1"/>"#
                + #"<constraint firstItem="H" firstAttribute="width" secondItem="G" secondAttribute="width" multiplier="1:2" id="c2"/>"#
                + #"<constraint firstItem="F" firstAttribute="leading" secondItem="R" secondAttribute="leading" id="c3"/>"#
                + #"<constraint firstItem="F" firstAttribute="width" constant="120" id="c4"/>"#
                + #"<constraint firstItem="C" firstAttribute="leading" secondItem="R" secondAttribute="leadingMargin" id="c5"/>"#
                + #"<constraint firstItem="C" firstAttribute="trailing" secondItem="R" secondAttribute="trailingMargin" priority="999" id="c6"/>"#
                + #"<constraint firstItem="C" firstAttribute="width" relation="lessThanOrEqual" constant="400" id="c7"/>"#)
        #expect(w["H"]?.expression == ".safeArea * 0.5")
        #expect(w["F"] == LayoutWidth(expression: "120", source: "width 120; from the superview's leading edge"))
        #expect(w["C"]?.expression == "400")
        #expect(w["C"]?.source.hasSuffix("its width does not follow the screen in a straight line: measured at the widest it gets") == true)
    }

    /// A horizontal stack view between the margins: the label gets what a 44 pt button and the
    /// spacing leave; in a vertical stack view (fill) each gets the stack's width.
    @Test func stackViews() {
        let stack = """
            <stackView spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="S"><rect key="frame" x="16" y="0" width="343" height="44"/><subviews>
            \(label("L", "Panoramax", x: 0, width: 89))
            <button translatesAutoresizingMaskIntoConstraints="NO" id="I"><rect key="frame" x="299" y="0" width="44" height="44"/>
            <constraints><constraint firstAttribute="width" constant="44" id="w1"/></constraints><state key="normal" image="logo"/></button>
            </subviews></stackView>
            <stackView axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="V"><rect key="frame" x="16" y="50" width="343" height="44"/><subviews>
            \(label("T", "John Smith", x: 0, width: 343))
            \(label("D", "hidden", x: 0, width: 343, extra: #" hidden="YES""#))
            </subviews></stackView>
            """
        let w = widths(
            stack,
            #"<constraint firstItem="S" firstAttribute="leading" secondItem="R" secondAttribute="leadingMargin" id="c1"/>"#
                + #"<constraint firstAttribute="trailingMargin" secondItem="S" secondAttribute="trailing" id="c2"/>"#
                + #"<constraint firstItem="V" firstAttribute="leading" secondItem="R" secondAttribute="leading" constant="20" id="c3"/>"#
                + #"<constraint firstAttribute="trailing" secondItem="V" secondAttribute="trailing" constant="20" id="c4"/>"#)
        #expect(w["L"] == LayoutWidth(expression: ".margins - 54", source: "in a horizontal stack view"))
        #expect(w["T"] == LayoutWidth(expression: ".screen - 40", source: "in a vertical stack view"))
    }

    /// Table cells: a Value1 cell with a disclosure indicator (the content view 30.5 pt narrower
    /// than the cell, as the file's frames show) whose detail text is set in code: the title
    /// gets the row; a custom label in a cell pinned to its content view's edges.
    @Test func tableCells() {
        let table = """
            <tableView style="plain" translatesAutoresizingMaskIntoConstraints="NO" id="T"><rect key="frame" x="0" y="0" width="375" height="600"/>
            <prototypes>
            <tableViewCell accessoryType="disclosureIndicator" textLabel="t1" detailTextLabel="d1" style="IBUITableViewCellStyleValue1" id="C1">
            <rect key="frame" x="0" y="0" width="375" height="44"/><autoresizingMask key="autoresizingMask"/>
            <tableViewCellContentView key="contentView" id="K1"><rect key="frame" x="0" y="0" width="344.5" height="44"/><autoresizingMask key="autoresizingMask"/>
            <subviews>
            <label text="Presets Language" id="t1"><rect key="frame" x="16" y="12" width="143" height="20"/><autoresizingMask key="autoresizingMask"/></label>
            <label text="Detail" id="d1"><rect key="frame" x="292.5" y="12" width="44" height="20"/><autoresizingMask key="autoresizingMask" flexibleMaxX="YES"/></label>
            </subviews></tableViewCellContentView></tableViewCell>
            <tableViewCell id="C2"><rect key="frame" x="0" y="44" width="375" height="44"/><autoresizingMask key="autoresizingMask"/>
            <tableViewCellContentView key="contentView" id="K2"><rect key="frame" x="0" y="0" width="375" height="44"/><autoresizingMask key="autoresizingMask"/>
            <subviews>\(label("X", "Custom", x: 20, width: 335))</subviews>
            <constraints>
            <constraint firstItem="X" firstAttribute="leading" secondItem="K2" secondAttribute="leadingMargin" id="k1"/>
            <constraint firstAttribute="trailing" secondItem="X" secondAttribute="trailing" constant="20" id="k2"/>
            </constraints></tableViewCellContentView></tableViewCell>
            </prototypes></tableView>
            """
        let w = widths(
            table,
            #"<constraint firstItem="T" firstAttribute="leading" secondItem="R" secondAttribute="leading" id="c1"/>"#
                + #"<constraint firstAttribute="trailing" secondItem="T" secondAttribute="trailing" id="c2"/>"#)
        // 375 − 30.5 (accessory) − 16 (margin) − 8 (the detail's end gap in the file): 320.5 at
        // 375 pt, inset by the safe area on both sides in landscape.
        #expect(
            w["t1"]
                == LayoutWidth(
                    expression: "(.margins + .safeArea) / 2 - 38.5", source: "the title of a Value1 table cell, as UIKit's style places it")
        )
        #expect(w["X"]?.expression == "(.margins + .safeArea) / 2 - 20")
        #expect(w["X"]?.source == "between the leading margin and the superview's trailing edge - 20")
    }

    /// Views without constraints: an autoresizing view with a flexible width grows with its
    /// superview; one with a fixed mask keeps its frame, as does one in no constraint at all.
    @Test func autoresizingAndUnconstrainedViews() {
        let w = widths(
            #"<label text="Grows" id="A"><rect key="frame" x="20" y="0" width="335" height="21"/><autoresizingMask key="autoresizingMask" widthSizable="YES"/></label>"#
                + #"<label text="Fixed" id="B"><rect key="frame" x="20" y="30" width="100" height="21"/><autoresizingMask key="autoresizingMask" flexibleMaxX="YES"/></label>"#
                + #"<label text="Loose" translatesAutoresizingMaskIntoConstraints="NO" id="C"><rect key="frame" x="20" y="60" width="90" height="21"/></label>"#
        )
        #expect(w["A"] == LayoutWidth(expression: ".screen - 40", source: "its autoresizing mask: it grows with its superview"))
        #expect(w["B"] == LayoutWidth(expression: "100", source: "its frame, which its autoresizing mask keeps"))
        #expect(
            w["C"] == LayoutWidth(expression: "90", source: "its frame: it has no constraints, and Xcode fixes its frame at build time"))
    }

    /// A phrase names a sibling by its text, quoted and escaped: a line break in it cannot end
    /// the comment the phrase becomes.
    @Test func phrasesEscapeTheTextTheyQuote() {
        let w = widths(
            label("L", "A", x: 16, width: 20) + label("M", "x&#10;label Evil {", x: 100, width: 50),
            #"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leading" id="c1"/>"#
                + #"<constraint firstItem="M" firstAttribute="leading" secondItem="L" secondAttribute="trailing" id="c2"/>"#
                + #"<constraint firstAttribute="trailing" secondItem="M" secondAttribute="trailing" id="c3"/>"#)
        #expect(w["L"]?.source == #"between the superview's leading edge and "x\nlabel Evil {""#)
    }
}

extension LayoutWidthsTests {
    /// A placeholder repeated to stand for a long text is a placeholder too (Go Map!!'s "Title
    /// title title title" and "Details details details" in cells that code fills).
    @Test func repeatedPlaceholdersAreFillers() {
        #expect(IBLabel.isPlaceholder("Title title title title"))
        #expect(IBLabel.isPlaceholder("Details details details"))
        #expect(!IBLabel.isPlaceholder("Title of the map"))
        #expect(!IBLabel.isPlaceholder("Details"))
    }
}

extension LayoutWidthsTests {
    /// Past `LayoutWidths.budget` (labels × views of one system), labels are measured at the
    /// width of the view that holds them, and said; cells are systems of their own, so a table of
    /// many cells stays under it.
    @Test func oneLayoutPastTheBudgetIsMeasuredAtItsRootsWidth() {
        let n = 600
        let labels = (0..<n).map { label("l\($0)", "L\($0)", x: Double($0), width: 20) }.joined()
        let chain = (0..<(n - 1)).map {
            #"<constraint firstItem="l\#($0 + 1)" firstAttribute="leading" secondItem="l\#($0)" secondAttribute="trailing" constant="8" id="c\#($0)"/>"#
        }.joined()
        let w = widths(
            labels, #"<constraint firstItem="l0" firstAttribute="leading" secondItem="R" secondAttribute="leading" id="a"/>"# + chain)
        #expect(n * n > LayoutWidths.budget)
        #expect(
            w["l7"]
                == LayoutWidth(
                    expression: ".screen",
                    source:
                        "one of 600 labels among 601 views in one layout, more than LabelSpec solves one by one: measured at the width of the view that holds them"
                ))
        let cells = (0..<n).map { i in
            """
            <tableViewCell id="c\(i)"><rect key="frame" x="0" y="0" width="375" height="44"/><autoresizingMask key="autoresizingMask"/>
            <tableViewCellContentView key="contentView" id="k\(i)"><rect key="frame" x="0" y="0" width="375" height="44"/><autoresizingMask key="autoresizingMask"/>
            <subviews>\(label("x\(i)", "Cell", x: 16, width: 343))</subviews><constraints>
            <constraint firstItem="x\(i)" firstAttribute="leading" secondItem="k\(i)" secondAttribute="leadingMargin" id="p\(i)"/>
            <constraint firstItem="x\(i)" firstAttribute="trailing" secondItem="k\(i)" secondAttribute="trailingMargin" id="q\(i)"/>
            </constraints></tableViewCellContentView></tableViewCell>
            """
        }.joined()
        let table = widths(
            #"<tableView translatesAutoresizingMaskIntoConstraints="NO" id="T"><rect key="frame" x="0" y="0" width="375" height="667"/><prototypes>"#
                + cells + "</prototypes></tableView>",
            #"<constraint firstItem="T" firstAttribute="leading" secondItem="R" secondAttribute="leading" id="a"/><constraint firstAttribute="trailing" secondItem="T" secondAttribute="trailing" id="b"/>"#
        )
        #expect(table.count == n)
        #expect(table["x599"] == LayoutWidth(expression: ".margins", source: "between the leading margin and the trailing margin"))
    }
}

extension LayoutWidthsTests {
    /// A collection view controller's root (`<collectionView key="view">`) is laid out, its
    /// cells' content views may have no id, and their flow layout's item width is the cells';
    /// a watchOS storyboard's labels are not measured at all.
    @Test func collectionViewsAndWatchStoryboards() {
        func doc(_ runtime: String) -> [UInt8] {
            Array(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="\(runtime)"><scenes><scene sceneID="s"><objects>
                <collectionViewController id="cvc"><collectionView key="view" id="CV"><rect key="frame" x="0" y="0" width="375" height="667"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <collectionViewFlowLayout key="collectionViewLayout" id="fl"><size key="itemSize" width="329" height="88"/></collectionViewFlowLayout>
                <cells><collectionViewCell id="C"><rect key="frame" x="23" y="50" width="329" height="88"/>
                <view key="contentView"><rect key="frame" x="0" y="0" width="329" height="88"/><subviews>
                <label text="Running" translatesAutoresizingMaskIntoConstraints="NO" id="L"><rect key="frame" x="16" y="0" width="63" height="20"/></label>
                </subviews></view>
                <constraints>
                <constraint firstItem="L" firstAttribute="leading" secondItem="C" secondAttribute="leading" constant="16" id="a"/>
                <constraint firstAttribute="trailing" secondItem="L" secondAttribute="trailing" constant="16" id="b"/>
                </constraints></collectionViewCell></cells>
                </collectionView></collectionViewController></objects></scene></scenes></document>
                """.utf8)
        }
        let ios = InterfaceBuilderDocument.read(doc("iOS.CocoaTouch"))
        #expect(ios.problem == nil)
        #expect(
            ios.labels.map { $0.layoutWidth } == [
                LayoutWidth(expression: "297", source: "between the superview's leading edge + 16 and the superview's trailing edge - 16")
            ])
        let watch = InterfaceBuilderDocument.read(doc("watchKit"))
        #expect(watch.problem == nil)
        #expect(watch.labels.isEmpty)
    }
}

extension LayoutWidthsTests {
    /// A label whose compression resistance is required is never narrower than its text: the
    /// view around it is what cuts it (Go Map!!'s "Feature type:" beside the feature's name).
    @Test func aRequiredCompressionResistanceIsNeverCut() {
        let w = widths(
            label("L", "Feature type:", x: 23, width: 100, extra: #" horizontalCompressionResistancePriority="1000""#)
                + label("N", "", x: 131, width: 224, extra: #" horizontalHuggingPriority="200""#),
            #"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leading" constant="23" id="a"/>"#
                + #"<constraint firstItem="N" firstAttribute="leading" secondItem="L" secondAttribute="trailing" constant="8" id="b"/>"#
                + #"<constraint firstAttribute="trailing" secondItem="N" secondAttribute="trailing" constant="20" id="c"/>"#)
        #expect(
            w["L"]
                == LayoutWidth(
                    expression: ".screen",
                    source:
                        "between the superview's leading edge + 23 and a label - 8; its compression resistance is 1000, so it is never narrower than its text: the width of the view around it"
                ))
    }
}

/// Labels in no constraint (Xcode fixes their frame at build time): their frame's width, read
/// without solving the scene's layout once per label.
extension LayoutWidthsTests {
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

    /// Thousands of labels in no constraint in one scene: each its frame (read without a solve
    /// per label: docs/performance.md has the time).
    @Test func manyFramedLabelsAreReadInLinearTime() {
        let n = 3_000
        let labels = (0..<n).map {
            #"<label text="Label \#($0)" adjustsFontSizeToFit="NO" id="l\#($0)"><rect key="frame" x="16" y="0" width="\#(100 + $0 % 7)" height="21"/></label>"#
        }
        let doc = InterfaceBuilderDocument.read(storyboard(labels.joined(separator: "\n")))
        #expect(doc.problem == nil)
        #expect(doc.labels.map { $0.layoutWidth?.expression } == (0..<n).map { "\(100 + $0 % 7)" })
    }
}

extension LayoutWidthsTests {
    /// Size-class variations (a font for compact width, constraints installed in one class) are
    /// not read: the layout of Interface Builder's Any size class is measured, and said, for the
    /// label that has one and for the labels of a view that has one.
    @Test func sizeClassVariationsAreSaid() {
        let varied =
            #"<label text="Total" translatesAutoresizingMaskIntoConstraints="NO" id="L"><rect key="frame" x="16" y="0" width="100" height="21"/><fontDescription key="fontDescription" type="system" pointSize="45"/><variation key="heightClass=regular-widthClass=compact"><fontDescription key="fontDescription" type="system" pointSize="42"/></variation></label>"#
        let pins =
            #"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leadingMargin" id="c1"/>"#
            + #"<constraint firstAttribute="trailingMargin" secondItem="L" secondAttribute="trailing" id="c2"/>"#
        #expect(
            widths(varied, pins)["L"]
                == LayoutWidth(
                    expression: ".margins",
                    source:
                        #"between the leading margin and the trailing margin; size-class variations of its layout ("heightClass=regular-widthClass=compact") not read: Interface Builder's Any size class is measured"#
                ))
        // A label without one, in a root without one: nothing said.
        #expect(widths(label("L", "Total", x: 16, width: 100), pins)["L"]?.source == "between the leading margin and the trailing margin")
    }
}
