import LabelMeasure
import LabelSpecSemantics
import LabelSpecSyntax

/// The quick fixes of `truncates`: allow wrapping, shrink to fit, or ignore with a comment.
///
/// Wrapping and shrinking are offered only when a layout shows they fix the worst case (the one
/// the message quotes): wrapping when the label's line limit is what truncates it, shrinking at
/// the largest minimum scale, in steps of 0.05, at which the worst case fits, down to
/// `lowestScale`. Each is one more layout search for a truncating label only. The three are
/// alternatives for a person to choose between: `check --fix` applies none of them (the code's
/// fix safety is `FixSafety.editor`).
public enum TruncationFixes {
    /// Below half its size a text is no longer a size the label was designed for (17 pt comes to
    /// 8.5 pt, under the 11 pt Apple's guidelines give as the smallest legible size already), and
    /// half is what Interface Builder proposes when Autoshrink is set to Minimum Font Scale.
    public static let lowestScale = 0.5

    /// Where a label's members and its ignore comment are written, read from its text when the
    /// snapshot is taken (the measuring has no text). Offsets are relative to the item.
    public struct Slot: Sendable, Equatable {
        /// Where a new member goes, and the text around and between new members.
        var insertAt: Int
        var prefix: String
        var joiner: String
        var suffix: String
        /// The ignore comment: inserted at `commentAt` (the item's start, or the end of an ignore
        /// comment alone on the line above, which it extends).
        var commentAt: Int
        var commentText: String
    }

    /// The slot of the label at `start` (absolute) in `source`, whose syntax is `syntax`
    /// (relative to the item); nil when its block is not closed.
    static func slot(of syntax: ItemSyntax, at start: Int, in source: SourceBuffer) -> Slot? {
        guard let block = syntax.block, block.isClosed else { return nil }
        func byte(_ relative: Int) -> UInt8 { source[start + relative] }
        func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        /// The blanks before `relative` on its line, and whether only blanks precede it there.
        func indent(before relative: Int) -> (text: String, alone: Bool) {
            var i = start + relative
            while i > 0, isBlank(source[i - 1]) { i -= 1 }
            let alone = i == 0 || source[i - 1] == 0x0A || source[i - 1] == 0x0D
            return (source.string(in: i..<(start + relative)), alone)
        }
        let close = block.rightBrace.range.lowerBound
        /// Whether a line break lies in `a..<b` (relative).
        func breaks(_ a: Int, _ b: Int) -> Int? {
            var i = a
            while i < b {
                if byte(i) == 0x0A || byte(i) == 0x0D { return i }
                i += 1
            }
            return nil
        }
        var last: MemberSyntax?
        for m in block.members { last = m }
        let header = indent(before: 0)
        var slot = Slot(insertAt: 0, prefix: "", joiner: "; ", suffix: "", commentAt: 0, commentText: "")
        if let last {
            let end = last.separator?.range.upperBound ?? last.value?.range.upperBound ?? last.name.range.upperBound
            let own = indent(before: last.name.range.lowerBound)
            if own.alone, let lineEnd = breaks(end, close) {
                // One member a line: a line of its own after the last member's line (after a
                // comment there too).
                (slot.insertAt, slot.prefix, slot.joiner) = (lineEnd, "\n" + own.text, "\n" + own.text)
            } else {
                slot.insertAt = end
                (slot.prefix, slot.suffix) = last.separator == nil ? ("; ", "") : (" ", ";")
            }
        } else if breaks(block.leftBrace.range.upperBound, close) != nil {
            let inner = header.text + "    "
            (slot.insertAt, slot.prefix, slot.joiner) = (block.leftBrace.range.upperBound, "\n" + inner, "\n" + inner)
        } else {
            (slot.insertAt, slot.prefix) = (block.leftBrace.range.upperBound, " ")
        }
        // The comment: a line above the header, indented as it is; an ignore comment alone on
        // that line already is extended instead (a second line would take its place above the
        // label).
        let comment = "labelspec:ignore truncates"
        if !header.alone {
            (slot.commentAt, slot.commentText) = (0, "\n" + header.text + "// " + comment + "\n" + header.text)
            return slot
        }
        var lineStart = start - header.text.utf8.count  // absolute
        if lineStart > 0 {
            // The line above: from its start to `lineStart - 1` (its line break).
            let end = lineStart - 1 - (lineStart >= 2 && source[lineStart - 2] == 0x0D ? 1 : 0)
            lineStart = end
            while lineStart > 0, source[lineStart - 1] != 0x0A, source[lineStart - 1] != 0x0D { lineStart -= 1 }
            var i = lineStart
            while i < end, isBlank(source[i]) { i += 1 }
            if end - i >= 2, source[i] == 0x2F, source[i + 1] == 0x2F,
                let codes = Suppressions.codes(ofComment: source.bytes(in: i..<end)), codes != nil
            {
                (slot.commentAt, slot.commentText) = (end - start, ", truncates")
                return slot
            }
        }
        (slot.commentAt, slot.commentText) = (0, "// " + comment + "\n" + header.text)
        return slot
    }

    /// The fixes of a label's `truncates` whose worst case is `worst`: wrapping and shrinking
    /// where a layout shows they fit it, and the ignore comment. `swiftUI`: the label is SwiftUI's.
    static func fixes(worst: LabelLayoutInput, of info: ItemInfo, swiftUI: Bool, slot: Slot, measurer: Measurer) -> [Fix] {
        var out: [Fix] = []
        /// An edit per member: the label's own replaced, the others inserted together.
        func edits(_ members: [(PropertyID, String?)]) -> [Replacement] {
            var out: [Replacement] = []
            var inserted: [String] = []
            for (id, text) in members {
                if let own = info.own[id] {
                    out.append(Replacement(range: text == nil ? own.removal : own.memberRange, newText: text ?? ""))
                } else if let text {
                    inserted.append(text)
                }
            }
            if !inserted.isEmpty {
                let text = slot.prefix + inserted.joined(separator: slot.joiner) + slot.suffix
                out.append(Replacement(range: slot.insertAt..<slot.insertAt, newText: text))
            }
            return out.sorted { $0.range.lowerBound < $1.range.lowerBound }
        }
        func fits(_ input: LabelLayoutInput) -> Bool {
            guard case .success(let l) = measurer.layout(input) else { return false }
            return !l.isTruncated && !l.isClipped
        }
        // A text this long may have been cut to what the label can show (`showableBytes`):
        // another layout of it says nothing.
        let whole = worst.text.utf8.count < 4096
        // Wrapping: UIKit's numberOfLines: 0; SwiftUI wraps unless lineLimit says otherwise, and
        // only a lineLimit of the label's own can go.
        if whole, worst.numberOfLines != 0, !swiftUI || info.own[.lineLimit] != nil {
            var input = worst
            input.numberOfLines = 0
            if fits(input) {
                out.append(
                    Fix(
                        title: swiftUI ? "Allow wrapping (remove lineLimit)" : "Allow wrapping (numberOfLines: 0)",
                        edits: edits([swiftUI ? (.lineLimit, nil) : (.numberOfLines, "numberOfLines: 0")]), remedy: .wrap))
            }
        }
        // Shrinking: the largest scale in twentieths that fits, below the one in force.
        var input = worst
        input.adjustsFontSizeToFitWidth = true
        let floor = Int((lowestScale * 20).rounded(.up))
        var high = 20  // does not fit (1: no shrinking), or the scale in force
        if worst.adjustsFontSizeToFitWidth, worst.minimumScaleFactor > 0 {
            high = min(high, Int((worst.minimumScaleFactor * 20).rounded(.up)))
        }
        input.minimumScaleFactor = Double(floor) / 20
        if whole, high > floor, fits(input) {
            var low = floor  // fits
            while high - low > 1 {
                let mid = (low + high) / 2
                input.minimumScaleFactor = Double(mid) / 20
                if fits(input) { low = mid } else { high = mid }
            }
            let scale = scaleText(low)
            let members: [(PropertyID, String?)] =
                swiftUI
                ? [(.minimumScaleFactor, "minimumScaleFactor: \(scale)")]
                : (worst.adjustsFontSizeToFitWidth && info.own[.adjustsFontSizeToFitWidth] == nil
                    ? [] : [(.adjustsFontSizeToFitWidth, "adjustsFontSizeToFitWidth: true")])
                    + [(.minimumScaleFactor, "minimumScaleFactor: \(scale)")]
            out.append(
                Fix(
                    title: "Shrink to fit (minimumScaleFactor: \(scale))", edits: edits(members),
                    remedy: .shrink(minimumScale: Double(low) / 20)))
        }
        out.append(
            Fix(
                title: "Ignore with // labelspec:ignore truncates",
                edits: [Replacement(range: slot.commentAt..<slot.commentAt, newText: slot.commentText)], remedy: .ignore))
        return out
    }

    /// A scale in twentieths as the language writes it: 0.85, 0.5.
    static func scaleText(_ twentieths: Int) -> String {
        let hundredths = twentieths * 5
        if hundredths >= 100 { return "1" }
        return hundredths % 10 == 0 ? "0.\(hundredths / 10)" : "0.\(hundredths)"
    }

    /// What to change in Interface Builder for a `truncates` with these fixes (of a label:
    /// Interface Builder offers neither for a button's title), in its own words; nil: nothing.
    public static func interfaceBuilderAdvice(_ fixes: [Fix], button: Bool) -> String? {
        guard !button else { return nil }
        var steps: [String] = []
        for fix in fixes {
            switch fix.remedy {
            case .wrap?: steps.append("set Lines to 0")
            case .shrink(let scale)?:
                steps.append("set Autoshrink to Minimum Font Scale \(scaleText(Int((scale * 20).rounded())))")
            default: break
            }
        }
        guard !steps.isEmpty else { return nil }
        return "in Interface Builder's Attributes inspector, " + steps.joined(separator: ", or ")
    }
}
