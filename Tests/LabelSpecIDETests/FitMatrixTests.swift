import LabelLocalization
import LabelMeasure
import LabelSpecSemantics
import LabelVocabulary
import Testing

@testable import LabelLocalization
@testable import LabelSpecIDE

/// Issue 34, point 1: a label's fit matrix has one owner, `FitMatrix`: named cells, one rule for
/// the worst screen, one wording of a text variant.
@Suite struct FitMatrixTests {
    static let air = DeviceTable.device(named: "iPad Air 13-inch (M3)")!

    /// Cells are named in `measure`'s order (variant, then width, then size) and every index
    /// comes back to its place.
    @Test func cellsAreNamedInRowOrder() throws {
        let text = "label A {\n    text: \"x\"\n}\n"
        let w = workspace(["a": text])
        let m = FitMatrix.of(
            w.documents["a"]!.orderedItems[0].info, in: w,
            plan: MeasuringPlan().at([.large, .accessibilityLarge]).on(DeviceTable.defaultScreens))
        let g = try #require(m.groups.first)
        #expect(m.groups.count == 1 && g.widths.widths == [343, 361, 408])
        #expect(
            g.inputs.indices.map { g.place(of: $0) }.map { [$0.variant, $0.width, $0.size] } == [
                [0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 1, 1], [0, 2, 0], [0, 2, 1],
            ])
        for i in g.inputs.indices { #expect(g.index(of: g.place(of: i)) == i) }
        #expect(g.cell(variant: 0, width: 2, size: 1)?.width == 408)
        #expect(g.cell(variant: 0, width: 2, size: 1)?.contentSize == .accessibilityLarge)
        #expect(g.narrowestCells == [0, 1])
    }

    /// One wording of a text variant, in each of the places that name one.
    @Test func oneWordingOfAVariant() {
        var de = TextVariant(text: "x")
        de.locale = "de"
        var one = TextVariant(text: "x")
        one.pluralForm = "one"
        var pad = TextVariant(text: "x")
        pad.locale = "en"
        pad.device = .ipad
        #expect(
            [FitMatrix.Wording.row, .reportRow, .afterLabel, .message].map { FitMatrix.name(of: de, $0) } == ["de", "de", " in de", "de"])
        #expect(
            [FitMatrix.Wording.row, .reportRow, .afterLabel, .message].map { FitMatrix.name(of: one, $0) } == [
                "one", "one", " (one)", "the one form",
            ])
        #expect(
            [FitMatrix.Wording.row, .reportRow, .afterLabel, .message].map { FitMatrix.name(of: pad, $0) } == [
                "en", "en (ipad)", " in en", "en",
            ])
        #expect(
            [FitMatrix.Wording.row, .reportRow, .afterLabel, .message].map { FitMatrix.name(of: nil, $0) } == ["text", "text", "", nil])
    }

    /// The worst screen is the narrowest, whichever group it is in: when the iPad's width is the
    /// narrower (a regular width narrower than the compact one), the hover draws and names the
    /// iPad at it with the iPad's text, as the inlay hint names it (the hover took the phones'
    /// group, the first, before).
    @Test func hoverAndInlayHintShowTheSameWorstScreen() throws {
        let text = "label Title {\n    text: .localized(\"title\")\n    width: .sizeClass(compact: 300, regular: 150)\n}\n"
        let catalog = Catalog.read(xcstrings: Array(ScreenTests.deviceCatalog.utf8), path: "/p/Localizable.xcstrings")
        let plan = MeasuringPlan(localizations: Localizations(catalogs: [catalog]))
        let w = workspace(["a": text])
        w.localizations = plan.localizations
        let screens = [ScreenTests.se, Self.air.screen(.portrait)]
        let m = FitMatrix.of(w.documents["a"]!.orderedItems[0].info, in: w, plan: plan.at([.large]).on(screens))
        #expect(m.groups.map { $0.widths.widths } == [[300], [150]])
        #expect(m.worstScreenGroup.isPadGroup)
        let hover = try #require(
            Hover.content(at: 7, in: w.documents["a"]!, workspace: w, measurer: Measurer(), plan: plan.at([.large]).on(screens)).markdown())
        #expect(hover.split(separator: "\n").first == "**Title** at .large on iPad Air 13-inch (M3) (150 pt) — 1 line · truncated · 17 pt")
        let hints = InlayHints.measure(
            InlayHints.prepare(in: w.documents["a"]!, range: 0..<text.utf8.count, workspace: w, plan: plan.at([.large]).on(screens)),
            measurer: Measurer())
        #expect(hints.map(\.label) == ["1 line · truncated on iPad Air 13-inch (M3)"])
    }
}
