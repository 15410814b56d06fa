import Dispatch
import LabelMeasure
import LabelSpecSemantics
import LabelSpecSupport
import LabelVocabulary

/// The `truncates` and `clipped` diagnostics: every label laid out at each requested category.
public enum MeasuredChecks {
    /// A label's measured diagnostics, relative to its start, kept on its `ItemInfo` (`derived`)
    /// until the workspace invalidates it. Filled by whichever thread measures; a snapshot that
    /// finds it still empty measures the label again.
    final class MeasuredEntry: @unchecked Sendable {
        let epoch: Int
        let categories: [ContentSizeCategory]
        private let lock = Lock()
        private var diagnostics: [Diagnostic]?

        init(epoch: Int, categories: [ContentSizeCategory]) {
            self.epoch = epoch
            self.categories = categories
        }

        func store(_ d: [Diagnostic]) { lock.withLock { diagnostics = d } }
        var stored: [Diagnostic]? { lock.withLock { diagnostics } }
    }

    /// The measured diagnostics of one label from its layouts, one per category: one per code,
    /// at the smallest category where it happens.
    static func diagnostics(
        for info: ItemInfo, at offset: Int, categories: [ContentSizeCategory],
        layouts: ArraySlice<Result<LabelLayout, FontError>?>
    ) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let nameRange = (offset + info.nameRange.lowerBound)..<(offset + info.nameRange.upperBound)
        var truncated: [(ContentSizeCategory, LabelLayout)] = []
        var clipped: [(ContentSizeCategory, LabelLayout)] = []
        var fontProblem: FontError?
        var missingFamily: String?
        var missingGlyphs: [Unicode.Scalar] = []
        for (category, result) in zip(categories, layouts) {
            switch result {
            case .success(let layout)?:
                if layout.isTruncated { truncated.append((category, layout)) }
                if layout.isClipped { clipped.append((category, layout)) }
                missingFamily = missingFamily ?? layout.missingFamily
                for s in layout.missingGlyphs where !missingGlyphs.contains(s) { missingGlyphs.append(s) }
            case .failure(let error)?:
                fontProblem = error
            case nil:
                break
            }
        }
        if let (category, layout) = truncated.first {
            out.append(Diagnostic(
                .truncates, "truncates at \(category.displayName): \(quoted(layout))\(more(truncated.count))", at: nameRange))
        }
        if let (category, layout) = clipped.first {
            out.append(Diagnostic(
                .clipped, "clipped at \(category.displayName): shows \(quoted(layout))\(more(clipped.count))", at: nameRange))
        }
        if let problem = fontProblem {
            out.append(Diagnostic(.customFont, "cannot measure '\(info.name ?? "?")': \(problem)", at: nameRange))
        }
        if let family = missingFamily {
            var d = Diagnostic(.customFont, notInstalled(family), at: nameRange)
            d.severity = .warning
            out.append(d)
        }
        if let message = missingGlyphMessage(missingGlyphs) {
            out.append(Diagnostic(.missingGlyph, message, at: nameRange))
        }
        return out
    }

    /// The `custom-font` warning of a family that is not installed.
    public static func notInstalled(_ family: String) -> String {
        "font '\(family)' is not installed: measured with the system font, as iOS draws it; install the font (fontconfig must find the family)"
    }

    /// The `missing-glyph` message: the first character no installed font draws, where to get a
    /// font for it, and how many more there are; nil when there is none.
    public static func missingGlyphMessage(_ missing: [Unicode.Scalar]) -> String? {
        guard let first = missing.first else { return nil }
        var fix: String
        if let package = MissingGlyphs.package(for: first) {
            fix = MissingGlyphs.isInstalled(package: package)
                ? "\(package) is installed and has no font for it either: name a font that has it in fallbackFonts"
                : "install \(package), or name a font that has it in fallbackFonts"
        } else {
            fix = "no font is made for it: name a font that has it in fallbackFonts"
        }
        let more = missing.count > 1 ? " (and \(missing.count - 1) more character\(missing.count == 2 ? "" : "s"))" : ""
        return "no installed font draws \(MissingGlyphs.describe(first))\(more): measured as a missing-glyph box; \(fix)"
    }

    /// Lays out many inputs in parallel; the result at index i belongs to input i.
    public static func layoutAll(_ inputs: [LabelLayoutInput?], measurer: Measurer) -> [Result<LabelLayout, FontError>?] {
        let results = ResultSlots(count: inputs.count)
        defer {
            _ = results.pointer.deinitialize()
            results.pointer.deallocate()
        }
        let chunk = 256
        let chunks = (inputs.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for i in (c * chunk)..<min(inputs.count, (c + 1) * chunk) {
                if let input = inputs[i] { results.pointer[i] = measurer.layout(input) }
            }
        }
        return Array(results.pointer)
    }

    /// The lines as the user sees them, joined with ⏎.
    static func quoted(_ layout: LabelLayout) -> String {
        "\"" + layout.lines.map(\.shownText).joined(separator: " ⏎ ") + "\""
    }

    static func more(_ count: Int) -> String {
        count > 1 ? " (and at \(count - 1) larger size\(count == 2 ? "" : "s"))" : ""
    }
}

/// Slots written from concurrent iterations, each index by exactly one of them.
private struct ResultSlots: @unchecked Sendable {
    let pointer: UnsafeMutableBufferPointer<Result<LabelLayout, FontError>?>
    init(count: Int) {
        pointer = .allocate(capacity: count)
        pointer.initialize(repeating: nil)
    }
}
