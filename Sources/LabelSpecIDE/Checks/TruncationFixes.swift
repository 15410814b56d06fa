import Dispatch
import LabelMeasure
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// The quick fixes of `truncates`: allow wrapping, shrink to fit, or ignore with a comment.
///
/// Wrapping and shrinking are offered only when a layout shows they fix the worst case (the one
/// the message quotes): wrapping when the label's line limit is what truncates it, shrinking at
/// the largest minimum scale, in steps of 0.05, at which the worst case fits, down to
/// `lowestScale` (autoshrink at that scale finds it: then one more layout, sometimes two). Each
/// is one more layout search for a truncating label only, made on every core. The three are
/// alternatives for a person to choose between: `check --fix` applies none of them (the code's
/// fix safety is `FixSafety.editor`).
public enum TruncationFixes {
    /// Below half its size a text is no longer a size the label was designed for (17 pt comes to
    /// 8.5 pt, under the 11 pt Apple's guidelines give as the smallest legible size already), and
    /// half is what Interface Builder proposes when Autoshrink is set to Minimum Font Scale.
    public static let lowestScale = 0.5

    /// The longest line above a label sure to be read for an ignore comment to extend (a longer
    /// one is read when the bytes read before the label reach its start anyway).
    static let longestComment = 4096

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
        let close = block.rightBrace.range.lowerBound
        // The bytes from a little before the item (the line above it, most often) to its `}`,
        // copied once; more before it when that line is longer.
        var before = min(start, 256)
        while true {
            let text = source.bytes(in: (start - before)..<(start + close))
            if let slot = slot(of: block, close: close, text: text, at: before, reachesStart: before == start) { return slot }
            before = min(start, before * 8)
        }
    }

    /// `slot(of:at:in:)` over `text`, the item's bytes from `at` on, and the bytes before it;
    /// nil when the line above it starts before `text` (`reachesStart`: `text` starts the
    /// document) and is not longer than `longestComment`.
    private static func slot(of block: MemberBlockSyntax, close: Int, text: [UInt8], at start: Int, reachesStart: Bool) -> Slot? {
        func byte(_ relative: Int) -> UInt8 { text[start + relative] }
        func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        func isBreak(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }
        /// The blanks before `i` (an index of `text`) on its line, and whether only blanks precede
        /// it there; nil when that needs bytes before `text`.
        func indent(before i: Int) -> (text: String, alone: Bool)? {
            var k = i
            while k > 0, isBlank(text[k - 1]) { k -= 1 }
            if k == 0, !reachesStart { return nil }
            return (String(decoding: text[k..<i], as: UTF8.self), k == 0 || isBreak(text[k - 1]))
        }
        /// The first line break in `a..<b` (relative to the item).
        func breaks(_ a: Int, _ b: Int) -> Int? {
            var i = a
            while i < b {
                if isBreak(byte(i)) { return i }
                i += 1
            }
            return nil
        }
        var last: MemberSyntax?
        for m in block.members { last = m }
        guard let header = indent(before: start) else { return nil }
        // The file's line breaks, as the item writes them, else the line break before it.
        let newline: String
        if let i = breaks(0, close) {
            newline = byte(i) == 0x0D && i + 1 < close && byte(i + 1) == 0x0A ? "\r\n" : "\n"
        } else {
            let i = start - header.text.utf8.count - 1  // the break before the header, if any
            newline = i >= 1 && text[i] == 0x0A && text[i - 1] == 0x0D ? "\r\n" : "\n"
        }
        var slot = Slot(insertAt: 0, prefix: "", joiner: "; ", suffix: "", commentAt: 0, commentText: "")
        if let last {
            let end = last.separator?.range.upperBound ?? last.value?.range.upperBound ?? last.name.range.upperBound
            // A member is in the item: the bytes before it on its line are too, or are the header's.
            let own = indent(before: start + last.name.range.lowerBound) ?? ("", false)
            if own.alone, let lineEnd = breaks(end, close) {
                // One member a line: a line of its own after the last member's line (after a
                // comment there too).
                (slot.insertAt, slot.prefix, slot.joiner) = (lineEnd, newline + own.text, newline + own.text)
            } else {
                slot.insertAt = end
                (slot.prefix, slot.suffix) = last.separator == nil ? ("; ", "") : (" ", ";")
            }
        } else if breaks(block.leftBrace.range.upperBound, close) != nil {
            let inner = header.text + "    "
            (slot.insertAt, slot.prefix, slot.joiner) = (block.leftBrace.range.upperBound, newline + inner, newline + inner)
        } else {
            (slot.insertAt, slot.prefix) = (block.leftBrace.range.upperBound, " ")
        }
        // The comment: a line above the header, indented as it is; an ignore comment alone on
        // that line already is extended instead (a second line would take its place above the
        // label).
        let comment = "labelspec:ignore truncates"
        if !header.alone {
            (slot.commentAt, slot.commentText) = (0, newline + header.text + "// " + comment + newline + header.text)
            return slot
        }
        var lineStart = start - header.text.utf8.count
        if lineStart > 0 {
            // The line above: from its start to `lineStart - 1` (its line break), read only as
            // far as `longestComment` back (a longer line gets a comment line below it).
            let end = lineStart - 1 - (lineStart >= 2 && text[lineStart - 1] == 0x0A && text[lineStart - 2] == 0x0D ? 1 : 0)
            lineStart = end
            while lineStart > 0, !isBreak(text[lineStart - 1]) { lineStart -= 1 }
            if lineStart == 0, !reachesStart, end <= longestComment { return nil }
            var i = lineStart
            while i < end, isBlank(text[i]) { i += 1 }
            if lineStart == 0 && reachesStart || lineStart > 0, end - i >= 2, text[i] == 0x2F, text[i + 1] == 0x2F,
                let codes = Suppressions.codes(ofComment: Array(text[i..<end])), codes != nil
            {
                (slot.commentAt, slot.commentText) = (end - start, ", truncates")
                return slot
            }
        }
        (slot.commentAt, slot.commentText) = (0, "// " + comment + newline + header.text)
        return slot
    }

    /// What the fixes of one label's `truncates` are made from, read from the label before
    /// they are made (on other threads: an item stays with its workspace).
    struct Request: Sendable {
        /// The worst case.
        let worst: LabelLayoutInput
        let swiftUI: Bool
        let slot: Slot
        /// The label's own assignments of the properties the fixes write.
        let own: [PropertyID: PropertyAssignment]

        init(worst: LabelLayoutInput, of info: ItemInfo, swiftUI: Bool, slot: Slot) {
            (self.worst, self.swiftUI, self.slot) = (worst, swiftUI, slot)
            var own: [PropertyID: PropertyAssignment] = [:]
            for id in [PropertyID.numberOfLines, .lineLimit, .adjustsFontSizeToFitWidth, .minimumScaleFactor] {
                if let a = info.own[id] { own[id] = a }
            }
            self.own = own
        }
    }

    /// The fixes of each request, made on every core (each takes a few layouts).
    static func fixes(_ requests: [Request], measurer: Measurer) -> [[Fix]] {
        guard requests.count > 1 else { return requests.map { fixes($0, measurer: measurer) } }
        let out = ConcurrentSlots<[Fix]>(count: requests.count)
        defer { out.free() }
        DispatchQueue.concurrentPerform(iterations: requests.count) { out.pointer[$0] = fixes(requests[$0], measurer: measurer) }
        return out.values.map { $0 ?? [] }
    }

    /// The fixes of a label's `truncates`: wrapping and shrinking where a layout shows they fit
    /// its worst case, and the ignore comment.
    static func fixes(_ request: Request, measurer: Measurer) -> [Fix] {
        let (worst, swiftUI, slot) = (request.worst, request.swiftUI, request.slot)
        var out: [Fix] = []
        /// An edit per member: the label's own replaced, the others inserted together.
        func edits(_ members: [(PropertyID, String?)]) -> [Replacement] {
            var out: [Replacement] = []
            var inserted: [String] = []
            for (id, text) in members {
                if let own = request.own[id] {
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
        /// The layout of `input` when it fits.
        func fitting(_ input: LabelLayoutInput) -> LabelLayout? {
            guard case .success(let l) = measurer.layout(input), !l.isTruncated, !l.isClipped else { return nil }
            return l
        }
        func fits(_ input: LabelLayoutInput) -> Bool { fitting(input) != nil }
        // A text this long may have been cut to what the label can show (`showableBytes`):
        // another layout of it says nothing.
        let whole = worst.text.utf8.count < 4096
        // Wrapping: UIKit's numberOfLines: 0; SwiftUI wraps unless lineLimit says otherwise, and
        // only a lineLimit of the label's own can go.
        if whole, worst.numberOfLines != 0, !swiftUI || request.own[.lineLimit] != nil {
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
        if whole, high > floor, let atFloor = fitting(input) {
            // Autoshrink found the largest scale that fits, to a quarter point: the twentieths up
            // to it fit (a smaller scale fits where a larger one does); the next ones are tried,
            // as the largest may lie within that quarter point.
            var low = max(floor, min(high - 1, Int((atFloor.scale * 20 + 1e-9).rounded(.down))))
            while low + 1 < high {
                input.minimumScaleFactor = Double(low + 1) / 20
                guard fits(input) else { break }
                low += 1
            }
            let scale = scaleText(low)
            let members: [(PropertyID, String?)] =
                swiftUI
                ? [(.minimumScaleFactor, "minimumScaleFactor: \(scale)")]
                : (worst.adjustsFontSizeToFitWidth && request.own[.adjustsFontSizeToFitWidth] == nil
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
