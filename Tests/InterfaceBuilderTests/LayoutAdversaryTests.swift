import Testing

@testable import InterfaceBuilder

/// Issue 35, point 1, fed what hurts: layouts whose constraints leave a label no room, numbers
/// that cannot be read, items that are not there. Each ends with a width the language can write
/// and a phrase that says why.
@Suite struct LayoutAdversaryTests {
    /// The labels' solved widths of a scene whose root view `R` (375 pt as designed) holds
    /// `subviews` and `constraints` (`solvedWidths`).
    func widths(_ subviews: String, _ constraints: String) -> [String: LayoutWidth] { solvedWidths(subviews, constraints) }

    func label(_ id: String, _ text: String, width: Double = 200) -> String {
        #"<label text="\#(text)" translatesAutoresizingMaskIntoConstraints="NO" id="\#(id)"><rect key="frame" x="16" y="0" width="\#(width)" height="21"/><fontDescription key="fontDescription" type="system" pointSize="17"/></label>"#
    }

    func pinned(_ id: String, leading: String = "0") -> String {
        #"<constraint firstItem="\#(id)" firstAttribute="leading" secondItem="R" secondAttribute="leadingMargin" constant="\#(leading)" id="\#(id)1"/>"#
            + #"<constraint firstAttribute="trailingMargin" secondItem="\#(id)" secondAttribute="trailing" id="\#(id)2"/>"#
    }

    /// A cycle (`A.leading = B.trailing`, `B.leading = A.trailing`) leaves both labels 0 pt: no
    /// width the language writes (it wants more than 0), so each is measured at the widest its
    /// container allows (never its canvas frame), and the phrase says why (it was `width: 0`, an
    /// error at the frame's `width="200"`).
    @Test func aCycleLeavesNoRoom() {
        let w = widths(
            label("A", "Alpha") + label("B", "Beta"),
            #"<constraint firstItem="A" firstAttribute="leading" secondItem="B" secondAttribute="trailing" id="c1"/>"#
                + #"<constraint firstItem="B" firstAttribute="leading" secondItem="A" secondAttribute="trailing" id="c2"/>"#)
        #expect(
            w["A"]
                == LayoutWidth(
                    expression: ".screen",
                    source:
                        "between the leading and trailing edges of \"Beta\"; its constraints leave it no room (0 pt): measured at the width of the view around it"
                ))
        #expect(w["B"]?.expression == ".screen")
    }

    /// A negative multiplier gives a negative width on every screen; a constant larger than
    /// the narrow screens' margins, a negative width on those only: measured at the widest.
    @Test func aWidthOfNothingOrLess() {
        let negative = widths(
            label("M", "Minus"),
            #"<constraint firstItem="M" firstAttribute="leading" secondItem="R" secondAttribute="leadingMargin" id="c1"/>"#
                + #"<constraint firstItem="M" firstAttribute="width" secondItem="R" secondAttribute="width" multiplier="-1" id="c2"/>"#)
        #expect(
            negative["M"]
                == LayoutWidth(
                    expression: ".screen",
                    source:
                        "from the leading margin; 1 conflicting constraint(s) of its view left out, as UIKit breaks them; its constraints leave it no room (-1366 pt): measured at the width of the view around it"
                ))
        let some = widths(label("P", "Pushed"), pinned("P", leading: "400"))
        #expect(
            some["P"]
                == LayoutWidth(
                    expression: "926",
                    source:
                        "between the leading margin + 400 and the trailing margin; 1 conflicting constraint(s) of its view left out, as UIKit breaks them; its constraints leave it no room on some screens (-112 pt on the narrowest): measured at the widest it gets"
                ))
    }

    /// A constraint whose multiplier, constant or priority is not a number LabelSpec reads, or
    /// that names an item not in the layout, is left out and said, quoted and escaped (a line
    /// break or `"` of the file stays inside the phrase's string); the label is still one with
    /// constraints (it was "its frame: it has no constraints").
    @Test func constraintsNotReadAreSaid() {
        let w = widths(
            label("L", "Lost"),
            #"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leadingMargin" multiplier="1:0" id="c1"/>"#
                + #"<constraint firstAttribute="trailingMargin" secondItem="L" secondAttribute="trailing" priority="abc" id="c2"/>"#
                + #"<constraint firstItem="L" firstAttribute="trailing" secondItem="x&#10;&quot;*/" secondAttribute="leading" id="c3"/>"#
                + #"<constraint firstItem="L" firstAttribute="width" constant="1e309" id="c4"/>"#)
        #expect(
            w["L"]
                == LayoutWidth(
                    expression: ".screen",
                    source:
                        #"4 constraint(s) of it left out (multiplier "1:0", priority "abc", item "x\n\"*/" not in its layout, …); nothing holds its width: the width of the view around it"#
                ))
    }

    /// An offset that rounds to 0 pt is not said (`+ 0`).
    @Test func aTinyOffsetIsNotSaid() {
        let w = widths(label("T", "Tiny"), pinned("T", leading: "1e-300"))
        #expect(w["T"] == LayoutWidth(expression: ".margins", source: "between the leading margin and the trailing margin"))
    }

    /// A row of 60 labels chained edge to edge: each label's solve moves every other one, so
    /// solving them all costs the cube of the row (60 took 3 s, 120 took 25 s in a debug build,
    /// 490, within `budget`, half an hour). Past `workBudget`, the rest are measured at the width
    /// of the view that holds them, and said.
    @Test func aLongChainStopsAtTheWorkBudget() {
        let w = chain(60)
        let n = 60
        let fallback = LayoutWidth(
            expression: ".screen",
            source:
                "one of 60 labels among 61 views in one layout, more than LabelSpec solves one by one: measured at the width of the view that holds them"
        )
        // The first is solved: the margins less the other 59 labels (1 pt each) and 59 gaps.
        // (Each of the 59 others takes room from it: more than LabelSpec follows per language.)
        #expect(
            w["L0"]
                == LayoutWidth(
                    expression: ".margins - 118",
                    source:
                        "between the leading margin and \"Chained 1\" - 1; more views take room from it than LabelSpec follows: the widths of the views beside it as designed in every language",
                    neighbours: nil))
        #expect(w["L\(n - 1)"] == fallback)
        // The ones given up are the last ones, each said.
        let solved = (0..<n).filter { w["L\($0)"] != fallback }
        #expect(solved == Array(0..<solved.count))
        #expect(solved.count > 1)
    }

    /// A fill-equally stack view of more than `LayoutSystem.mostEqualWidths` arranged views is
    /// laid out as fill, said: its equal widths cost the solver the square of their number
    /// (1,000 took 10 s and 240 MB, 2,000 took 51 s and 870 MB in a debug build).
    @Test func aHugeFillEquallyStackIsLaidOutAsFill() {
        func stack(_ n: Int) -> [String: LayoutWidth] {
            let arranged = (0..<n).map { label("S\($0)", "Arranged \($0)", width: 1) }.joined()
            return widths(
                #"<stackView opaque="NO" distribution="fillEqually" spacing="0" translatesAutoresizingMaskIntoConstraints="NO" id="ST"><rect key="frame" x="16" y="0" width="343" height="20"/><subviews>\#(arranged)</subviews></stackView>"#,
                pinned("ST"))
        }
        // As fill: the first gets what the other 100 (1 pt each) leave.
        #expect(
            stack(101)["S0"]
                == LayoutWidth(
                    expression: ".margins - 100",
                    source:
                        "in a horizontal stack view; a fill-equally stack view of 101 views, more than LabelSpec makes equal: laid out as fill; more views take room from it than LabelSpec follows: the widths of the views beside it as designed in every language",
                    neighbours: nil))
        // At the limit, equal widths: each a hundredth of the margins.
        #expect(stack(100)["S0"] == LayoutWidth(expression: ".margins * 0.01", source: "in a horizontal stack view"))
    }

    /// Two labels with one id (Xcode never writes that): the constraints naming it hold the
    /// first, whose width both are given (the second's, held by nothing, replaced it).
    @Test func aDuplicateIdTakesTheFirstLabelsWidth() {
        let w = widths(label("L", "First") + label("L", "Second"), pinned("L"))
        #expect(w["L"] == LayoutWidth(expression: ".margins", source: "between the leading margin and the trailing margin"))
    }

    /// A root view of more views than a layout keeps (`LayoutTreeBuilder.mostNodes`): a label
    /// past them is said to be (it was "its frame: it is in no view LabelSpec lays out"), and a
    /// constraint of a view left out is not taken for its superview's (a `width = 10` of the
    /// view left out was the box's, which conflicted with the box's margins).
    @Test func viewsPastTheMostALayoutKeeps() {
        let many = String(repeating: #"<view id="v"/>"#, count: LayoutTreeBuilder.mostNodes - 3)
        let w = widths(
            #"<view translatesAutoresizingMaskIntoConstraints="NO" id="box"><subviews>"# + label("A", "Kept") + many
                + #"<view id="gone"><constraints><constraint firstAttribute="width" constant="10" id="g"/></constraints></view>"#
                + label("B", "Gone") + "</subviews><constraints>"
                + #"<constraint firstItem="A" firstAttribute="leading" secondItem="box" secondAttribute="leading" id="a1"/>"#
                + #"<constraint firstItem="box" firstAttribute="trailing" secondItem="A" secondAttribute="trailing" id="a2"/>"#
                + "</constraints></view>",
            pinned("box"))
        #expect(
            w["A"]
                == LayoutWidth(
                    expression: ".margins", source: "between the superview's leading edge and the superview's trailing edge"))
        #expect(w["B"] == LayoutWidths.pastMostNodes)
        #expect(
            w["B"]?.source == "in a layout of more than 50000 views, more than LabelSpec lays out: measured at the screen's width")
    }

    /// A row of `n` labels chained edge to edge between the margins, each 1 pt wide as designed.
    func chain(_ n: Int) -> [String: LayoutWidth] {
        var subviews = ""
        var constraints =
            #"<constraint firstItem="L0" firstAttribute="leading" secondItem="R" secondAttribute="leadingMargin" id="h"/>"#
            + #"<constraint firstAttribute="trailingMargin" secondItem="L\#(n - 1)" secondAttribute="trailing" id="t"/>"#
        for k in 0..<n {
            subviews += label("L\(k)", "Chained \(k)", width: 1)
            if k > 0 {
                constraints +=
                    #"<constraint firstItem="L\#(k)" firstAttribute="leading" secondItem="L\#(k - 1)" secondAttribute="trailing" constant="1" id="c\#(k)"/>"#
            }
        }
        #expect(n * (n + 1) < LayoutWidths.budget)
        return widths(subviews, constraints)
    }

    /// In a chain of 300, the first label's own solve passes the work budget: it stops there,
    /// and that label is given up too (it ran to the end: 4 s, 10 s at 490, in a debug build).
    @Test func oneLabelsSolveStopsAtTheWorkBudget() {
        #expect(
            chain(300)["L0"]
                == LayoutWidth(
                    expression: ".screen",
                    source:
                        "one of 300 labels among 301 views in one layout, more than LabelSpec solves one by one: measured at the width of the view that holds them"
                ))
    }

    /// Many stack views, each of one label: each stack view's arranged views were found among
    /// all views (1,000 stack views: 0.5 s, 4,000: 5.2 s in a debug build). About linear now.
    @Test func manyStackViewsAreAboutLinear() {
        func seconds(_ n: Int) -> Double {
            let stacks = (0..<n).map { k in
                #"<stackView opaque="NO" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="ST\#(k)"><rect key="frame" x="16" y="0" width="343" height="20"/><subviews>"#
                    + label("S\(k)", "s") + "</subviews></stackView>"
            }
            let clock = ContinuousClock()
            let t = clock.measure { _ = widths(stacks.joined(), (0..<n).map { pinned("ST\($0)") }.joined()) }
            return Double(t.components.seconds) + Double(t.components.attoseconds) * 1e-18
        }
        let quarter = seconds(1_000)
        let whole = seconds(4_000)
        #expect(whole < 7 * quarter, "1,000 stack views: \(quarter) s, 4,000: \(whole) s")
    }
}

extension LayoutAdversaryTests {
    /// A row of labels chained edge to edge: with up to 8 others, each takes room from every
    /// label and is followed in each language; with 11, more than `LayoutWidths.mostNeighbours`:
    /// their designed widths, said; past `LayoutWidths.mostParameters` (a longer chain) too.
    @Test func aLabelFollowsAtMostEightNeighbours() {
        #expect(chain(9)["L0"]?.neighbours?.map(\.id) == (1..<9).map { "L\($0)" })
        #expect(chain(9)["L0"]?.neighbours?.allSatisfy { $0.slope == -1 && $0.shared } == true)
        let twelve = chain(12)["L0"]
        #expect(twelve?.neighbours == nil)
        #expect(
            twelve?.source
                == "between the leading margin and \"Chained 1\" - 1; 11 views take room from it, more than LabelSpec follows: the widths of the views beside it as designed in every language"
        )
    }
}
