import LabelLocalization
import LabelMeasure
import LabelPresentation
import LabelSpecSemantics
import LabelVocabulary

/// `near-limit`: a label that fits in every cell measured, but in one with less room than the
/// font that measured it may be off by (docs/diagnostics.md#near-limit). The band is the
/// stand-in's measured error at the cell's point size and weight (`StandInError`), or 0.5 % when
/// Apple's own font measured it; `nearLimit` in labelspec.json sets either or turns it off.
///
/// A cell is near the limit when, laid out again at its width shrunk by the band (the text as
/// much wider as the band allows), it is cut. Only cells whose widest line is past the shrunk
/// width can be: each label's tightest one is tried first, the rest only where it was not cut.
enum NearLimit {
    /// A label's cell near its limit.
    struct Found {
        /// Its index in the group's cells.
        let cell: Int
        let layout: LabelLayout
        /// The points to spare (its width less its widest line) and their share of the width.
        let spare: Double
        let share: Double
        let band: Double
    }

    /// The band of a cell measured as `layout` from `input`.
    static func band(_ layout: LabelLayout, _ input: LabelLayoutInput, _ bands: Configuration.NearLimitBand) -> Double {
        guard layout.standIn else { return bands.real }
        if let fixed = bands.standIn { return fixed }
        let traits = input.font.traits
        // The weight measured: with Bold Text, the system font's heavier one.
        let weight = input.font.weight(boldText: input.boldText)
        return StandInError.band(
            size: layout.fontSize, weight: weight, digits: StandInError.isMostlyDigits(input.text), design: traits.design,
            monospacedDigit: traits.monospacedDigit, italic: traits.italic)
    }

    /// Per group of `groups` (laid out one after the other into `layouts`, at their narrowest
    /// widths): its tightest cell near the limit, or nil (a cell cut, or none near).
    static func find(
        _ layouts: [Result<LabelLayout, FontError>?], groups: ArraySlice<FitMatrix.Group>, bands: Configuration.NearLimitBand?,
        measurer: Measurer
    ) -> [Found?] {
        var out = [Found?](repeating: nil, count: groups.count)
        guard let bands else { return out }
        var candidates: [[Found]] = Array(repeating: [], count: groups.count)
        var start = 0
        for (k, g) in groups.enumerated() {
            defer { start += g.inputs.count }
            var found: [Found] = []
            var cut = false
            for (i, input) in g.inputs.enumerated() {
                guard let input, case .success(let l)? = layouts[start + i] else { continue }
                if l.isCut {
                    cut = true
                    break
                }
                // A label that grows (any number of lines, no height) is never cut.
                // (The text's room: the width less a SwiftUI Label's icon.)
                guard input.width != nil, input.numberOfLines > 0 || input.height != nil else { continue }
                let (w, spare) = l.room
                let band = self.band(l, input, bands)
                guard w > 0, band > 0, w - spare > w / (1 + band) else { continue }
                found.append(Found(cell: i, layout: l, spare: spare, share: spare / w, band: band))
            }
            if !cut { candidates[k] = found.sorted { ($0.share, $0.cell) < ($1.share, $1.cell) } }
        }
        // The tightest of each label first; the rest where it was not cut.
        func input(_ k: Int, _ f: Found) -> LabelLayoutInput {
            var i = groups[groups.startIndex + k].inputs[f.cell]!
            i.width = i.width.map { f.layout.iconWidth + ($0 - f.layout.iconWidth) / (1 + f.band) }
            return i
        }
        let first = candidates.indices.filter { !candidates[$0].isEmpty }
        let firstResults = MeasuredChecks.layoutAll(first.map { input($0, candidates[$0][0]) }, measurer: measurer)
        var rest: [(k: Int, f: Found)] = []
        for (k, r) in zip(first, firstResults) {
            if case .success(let l)? = r, l.isCut {
                out[k] = candidates[k][0]
            } else {
                rest += candidates[k].dropFirst().map { (k, $0) }
            }
        }
        let restResults = MeasuredChecks.layoutAll(rest.map { input($0.k, $0.f) }, measurer: measurer)
        for ((k, f), r) in zip(rest, restResults) where out[k] == nil {
            if case .success(let l)? = r, l.isCut { out[k] = f }
        }
        return out
    }
}

extension NearLimit {
    /// The finding: `fits in de on iPhone SE (3rd generation) at .large with 1.4 pt to spare
    /// (0.6 %) (143 pt: width .margins - 200); measured with Inter for SF Pro, which differs by
    /// up to 1 % at this size`.
    static func diagnostic(
        _ f: Found, group: FitMatrix.Group, at range: Range<Int>, bands: Configuration.NearLimitBand
    ) -> Diagnostic {
        let place = group.place(of: f.cell)
        let variant = group.variants.indices.contains(place.variant) ? group.variants[place.variant] : nil
        // With Bold Text: said after the verb, the variant named without it.
        let bold = variant?.boldText == true ? " with Bold Text" : ""
        var plain = variant
        plain?.boldText = false
        let name = FitMatrix.name(of: plain, .message)
        let category = group.sizes[place.size].displayName
        var on = ""
        var screen: FindingScreen?
        let width = group.width(at: place)
        if group.widths.followsScreen, let first = group.widths.screens[place.width].first, let width {
            on = " on \(first.name)"
            screen = FindingScreen(name: first.name, width: width)
        }
        let inName = name.map { variant?.locale != nil ? " in \($0)" : " (\($0))" } ?? ""
        var message = "fits\(bold)\(inName)\(on) at \(category) with \(LayoutSummary.points(f.spare)) pt to spare (\(percent(f.share)))"
        if let width { message += " (" + MeasuredChecks.widthPhrase(width, group.widths.source) + ")" }
        let own = f.layout.fonts.first { $0.isStandIn } ?? f.layout.fonts.first
        let font = own?.phrase ?? "its font"
        if f.layout.standIn {
            let from = bands.standIn != nil ? " ('nearLimit' in labelspec.json)" : " at this size"
            message += "; measured with \(font), which differs by up to \(percent(f.band))\(from)"
        } else {
            message += "; measured with \(font), within \(percent(f.band)) of iOS"
        }
        var d = Diagnostic(.nearLimit, message, at: range)
        d.screen = screen
        d.cell = "\(bold.isEmpty ? "" : "with Bold Text ")\(name.map { $0 + " " } ?? "")at \(category)\(on)"
        (d.width, d.widthSource) = (width, width == nil ? nil : group.widths.source)
        (d.fonts, d.standIn) = (f.layout.fonts.map(\.family), f.layout.standIn)
        d.text = variant.map(MeasuredChecks.findingText)
        return d
    }

    /// `0.6 %`, `4 %`, `7.5 %`: a share to one decimal.
    static func percent(_ share: Double) -> String {
        let p = (share * 1000).rounded() / 10
        return (p == p.rounded() ? String(Int(p)) : String(p)) + " %"
    }
}
