import CLineBreak
import LabelSpecSupport
import LabelVocabulary

/// The rules of laying out lines, and every choice made where UIKit does not document its
/// behaviour (docs/measurement.md lists them). Each choice lives here, in one place, so it can be
/// recalibrated.
enum LayoutRules {
    /// Widths within this many points count as fitting.
    static let epsilon = 0.001
    /// Autoshrink searches the scale until the font size is known to within this many points.
    static let autoshrinkPrecision = 0.25
    /// Tightening may squeeze text that is up to 5% too wide (AppKit's documented rule).
    static let tighteningLimit = 1.05
    /// A SwiftUI Label's icon: a square of 1.2× the font size, then 8 pt of spacing.
    static let iconScale = 1.2
    static let iconSpacing = 8.0
    static let ellipsis: Substring = "…"

    static func iconWidth(parts: LabelParts, fontSize: Double) -> Double {
        switch parts {
        case .title: return 0
        case .iconOnly: return (fontSize * iconScale).rounded()
        case .titleAndIcon: return (fontSize * iconScale).rounded() + iconSpacing
        }
    }

    struct Line {
        var range: Range<String.Index>
        var text: String
        var width: Double
        /// Broken at a soft hyphen: a hyphen is drawn, and counted in `width`.
        var isHyphenated = false
        /// Where truncation put its ellipsis: a UTF-8 offset in `text`.
        var ellipsis: Int?
    }

    /// NSParagraphStyle's default tab stops: 12 left-aligned stops at 28-point intervals, and no
    /// default interval after them (`defaultTabInterval` 0).
    static let tabInterval = 28.0
    static let tabStopCount = 12

    /// The tab stop a tab starting at `x` advances to: the first stop after `x`. Nil past the
    /// last stop (336 pt), where UIKit documents nothing: the tab is then as wide as a space
    /// (the choice made here).
    static func tabStop(after x: Double) -> Double? {
        let next = ((x + epsilon) / tabInterval).rounded(.down) + 1
        return next <= Double(tabStopCount) ? next * tabInterval : nil
    }

    /// Whether text ends with a soft hyphen. Read as scalars, not compared as characters (a soft
    /// hyphen is always a grapheme cluster of its own): this runs for every line.
    @inline(__always) static func endsWithSoftHyphen(_ text: Substring) -> Bool { text.unicodeScalars.last?.value == 0xAD }
    @inline(__always) static func isSoftHyphen(_ c: Character) -> Bool { c.unicodeScalars.first?.value == 0xAD }
    /// What is drawn at a soft hyphen break.
    static let hyphen: Substring = "-"

    /// Whether a word broken at `i` is broken between two joined letters of a cursive script
    /// (Arabic): the letter before the break joins the one after it. Such a piece is measured
    /// with the joined form it has in the word (`widthJoined`): Core Text and Chromium decide a
    /// break inside a word on the shaped word, not on the piece shaped anew.
    static func joinsAcross(_ text: Substring, at i: String.Index) -> Bool {
        guard i > text.startIndex, i < text.endIndex else { return false }
        let scalars = text.unicodeScalars
        guard let after = scalars[i...].first(where: { ls_joining_type($0.value) != 0x54 }), after.value >= 0x600 else { return false }
        guard let before = scalars[..<i].last(where: { ls_joining_type($0.value) != 0x54 }), before.value >= 0x600 else { return false }
        let b = ls_joining_type(before.value)
        let a = ls_joining_type(after.value)
        return (b == 0x44 || b == 0x4C || b == 0x43) && (a == 0x44 || a == 0x52 || a == 0x43)
    }

    /// Spaces and line breaks at the end of a line hang: they take no room.
    static func hangs(_ c: Character) -> Bool { c == " " || c == "\t" || c.isNewline }

    /// The spaces and tabs of a piece's hanging end that take room when more text follows on the
    /// line (its line breaks do not).
    static func hanging(_ s: Substring) -> Substring {
        if s.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return s }
        return String(s.filter { !$0.isNewline })[...]
    }

    static func visible(_ s: Substring) -> Substring {
        // ASCII: hanging spaces, tabs and line breaks are bytes, and an ASCII character before
        // them cannot join them into one cluster; anything else takes the walk by characters.
        let kept: Int? =
            s.utf8.withContiguousStorageIfAvailable { b in
                var n = b.count
                while n > 0, isHangingByte(b[n - 1]) { n -= 1 }
                return n == 0 || b[n - 1] < 0x80 ? n : nil
            } ?? nil
        if let kept { return s[s.startIndex..<s.utf8.index(s.startIndex, offsetBy: kept)] }
        var end = s.endIndex
        while end > s.startIndex {
            let before = s.index(before: end)
            guard hangs(s[before]) else { break }
            end = before
        }
        return s[s.startIndex..<end]
    }

    /// Space, tab, and the ASCII line breaks (LF, VT, FF, CR).
    @inline(__always) static func isHangingByte(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || (b >= 0x0A && b <= 0x0D) }

    /// Greedy filling: each line takes break-delimited segments while their visible width fits;
    /// a segment wider than a whole line is broken between grapheme clusters. A tab's width
    /// depends on where it falls on the line. A line that ends at a soft hyphen (a break the text
    /// allows there) draws a hyphen and needs room for it: when the hyphen does not fit, the line
    /// ends before the hyphenated piece instead.
    /// `limit`: stop once the text has more lines than that (the caller keeps `limit` of them
    /// and cuts the rest: a huge text in a one-line label is not wrapped to its end).
    static func wrap<S: Sequence<Segment>>(_ segments: S, in text: String, width: Double?, context: Measurer.Context, limit: Int = .max)
        -> [Line]
    {
        var lines: [Line] = []
        var start: String.Index?
        var end = text.startIndex
        var fullWidth = 0.0
        var visibleWidth = 0.0
        // The line as it was before its last piece (nil when that piece is its first).
        var beforeLast: (end: String.Index, fullWidth: Double, visibleWidth: Double)?
        /// Ends the line; `soft`: the text goes on on the next line (not a line feed, not the end).
        func close(soft: Bool) {
            guard let s = start else { return }
            var line = Line(range: s..<end, text: String(visible(text[s..<end])), width: visibleWidth)
            if soft, endsWithSoftHyphen(text[s..<end]) {
                line.isHyphenated = true
                line.width += context.width(hyphen, at: visibleWidth)
            }
            lines.append(line)
            start = nil
            beforeLast = nil
            fullWidth = 0
            visibleWidth = 0
        }
        /// `visibleWidth`: the width of the piece's visible part where it goes, when known.
        func add(_ piece: Substring, joinsNext: Bool = false, visibleWidth known: Double? = nil) {
            let vis = visible(piece)
            let wVis = known ?? (joinsNext ? context.widthJoined(vis, at: fullWidth) : context.width(vis, at: fullWidth))
            let wFull = vis.endIndex == piece.endIndex ? wVis : wVis + context.width(hanging(piece[vis.endIndex...]), at: fullWidth + wVis)
            beforeLast = start == nil ? nil : (end, fullWidth, visibleWidth)
            if start == nil { start = piece.startIndex }
            end = piece.endIndex
            if !vis.isEmpty { visibleWidth = fullWidth + wVis }
            fullWidth += wFull
        }
        /// At a soft hyphen whose hyphen does not fit, ends the line before the hyphenated piece,
        /// which starts the next line; false when the line does not end so.
        func moveHyphenatedPiece(width w: Double) -> Bool {
            guard let s = start, endsWithSoftHyphen(text[s..<end]), let before = beforeLast,
                visibleWidth + context.width(hyphen, at: visibleWidth) > w + epsilon
            else { return false }
            let moved = text[before.end..<end]
            end = before.end
            fullWidth = before.fullWidth
            visibleWidth = before.visibleWidth
            close(soft: true)
            add(moved)
            return true
        }
        /// The width of `vis` where it goes on the line: after a piece it touches (no space between,
        /// as between two CJK characters or after "/"), with the kerning of the pair they make.
        func placed(_ vis: Substring) -> Double {
            let w = context.width(vis, at: fullWidth)
            guard let s = start, s < end, fullWidth == visibleWidth, !vis.isEmpty, !context.hasTabs else { return w }
            return w + kerning(text[text.index(before: end)..<end], vis, width: w, context: context)
        }
        for seg in segments {
            if lines.count > limit { return lines }
            var piece = seg.text
            var vis = visible(piece)
            var wVis = placed(vis)
            while let s = start, let w = width, fullWidth + wVis > w + epsilon {
                if moveHyphenatedPiece(width: w) {
                    if context.hasTabs || start != nil { wVis = placed(vis) }
                } else if beforeLast == nil, endsWithSoftHyphen(text[s..<end]),
                    visibleWidth + context.width(hyphen, at: visibleWidth) > w + epsilon
                {
                    // A piece alone on its line whose hyphen does not fit: no break at its soft
                    // hyphen, so it and this segment are one word, broken between clusters below.
                    piece = text[s..<piece.endIndex]
                    vis = visible(piece)
                    start = nil
                    fullWidth = 0
                    visibleWidth = 0
                    wVis = context.width(vis, at: 0)
                } else {
                    close(soft: true)
                    // At the start of the new line: no pair with the line before, no tab stop.
                    wVis = placed(vis)
                }
            }
            if start == nil, let w = width, wVis > w + epsilon, vis.count > 1 {
                // Broken between grapheme clusters, each line's piece measured as one shaped run
                // (summing single letters would drop their kerning).
                // Whether the rest fits whole is known from `fill`'s probes, or asked only when
                // the rest is at most about two lines long: measuring every rest of a long word
                // would shape it once per line (quadratic).
                var pos = piece.startIndex
                // The first line's guess: as many clusters as the width holds at the word's
                // mean cluster width (the next lines': the line before's).
                var previous: Int? = wVis > 0 ? Int(Double(piece.count) * w / wVis) : nil
                while pos < piece.endIndex, lines.count <= limit {
                    let rest = piece[pos...]
                    let filled = fill(rest, width: w, context: context, guess: previous)
                    previous = filled.clusters
                    if filled.wholeFits ?? (context.width(visible(rest)) <= w + epsilon) {
                        add(rest)
                        break
                    }
                    var cut = filled.end
                    // Spaces after the cut hang at the end of this line.
                    while cut < rest.endIndex, hangs(rest[cut]), !rest[cut].isNewline { cut = rest.index(after: cut) }
                    add(rest[..<cut], joinsNext: joinsAcross(rest, at: cut))
                    close(soft: true)
                    pos = cut
                }
            } else {
                // `wVis` is the width of `vis` where it goes: measured at the line's end, again
                // after a line was closed before it (where a tab would make a difference).
                add(piece, visibleWidth: wVis)
            }
            if seg.isHardBreak { close(soft: false) }
        }
        close(soft: false)
        return lines
    }

    /// The kerning between the last cluster of a line and the segment `next` (`width` wide) that
    /// follows it with no space between: the two shaped as one run less each shaped alone. Core Text
    /// shapes a line as one run, so a pair the font kerns (Noto Sans CJK's "ーザ", −0.02 em) is
    /// narrower there than the sum of its segments.
    static func kerning(_ last: Substring, _ next: Substring, width: Double, context: Measurer.Context) -> Double {
        guard let a = last.first, let b = next.first, !hangs(a), !hangs(b) else { return 0 }
        return context.width((String(last) + next)[...]) - context.width(last) - width
    }

    /// `.natural` is right-aligned in a right-to-left language, left-aligned otherwise;
    /// `.justified` stretches lines (not drawn) and aligns like `.natural`.
    static func alignment(_ alignment: TextAlignment, language: String?) -> TextAlignment {
        switch alignment {
        case .natural, .justified: return Bidi.isRightToLeft(language: language) ? .right : .left
        default: return alignment
        }
    }

    /// The lines as drawn: each with its paragraph's direction (from its first strong character,
    /// else the language) and in visual order, with the hyphen of a soft hyphen break. Free for
    /// left-to-right text in a left-to-right language.
    /// `mayReorder`: the text holds a character that may reorder it (`TextTraits`).
    static func drawn(_ lines: [Line], of text: String, language: String?, mayReorder: Bool) -> [LayoutLine] {
        let languageRTL = Bidi.isRightToLeft(language: language)
        /// The line as read, with the hyphen of a soft hyphen break and no other (invisible) soft
        /// hyphen.
        func shown(_ line: Line) -> String {
            guard line.text.unicodeScalars.contains(where: { $0.value == 0xAD }) else { return line.text }
            let body = line.isHyphenated ? line.text.dropLast() : line.text[...]
            return String(body.filter { !isSoftHyphen($0) }) + (line.isHyphenated ? hyphen : "")
        }
        guard languageRTL || mayReorder else {
            return lines.map {
                var l = LayoutLine(text: $0.text, width: $0.width, isHyphenated: $0.isHyphenated, visualText: shown($0))
                l.ellipsisOffset = $0.ellipsis
                return l
            }
        }
        var paragraphs: [(range: Range<String.Index>, rightToLeft: Bool)] = []
        func paragraph(at i: String.Index) -> Bool {
            if let p = paragraphs.last(where: { $0.range.contains(i) || $0.range.upperBound == i && i == text.endIndex }) {
                return p.rightToLeft
            }
            let from = text[..<i].lastIndex(where: \.isNewline).map { text.index(after: $0) } ?? text.startIndex
            let to = text[i...].firstIndex(where: \.isNewline) ?? text.endIndex
            let rtl = Bidi.isRightToLeft(paragraph: text[from..<to], language: language)
            paragraphs.append((from..<to, rtl))
            return rtl
        }
        return lines.map { line in
            let rtl = paragraph(at: line.range.lowerBound)
            var l = LayoutLine(
                text: line.text, width: line.width, isHyphenated: line.isHyphenated, isRightToLeft: rtl,
                visualText: Bidi.visual(shown(line), rightToLeft: rtl))
            l.ellipsisOffset = line.ellipsis
            return l
        }
    }

    /// The end of the longest run of whole grapheme clusters at the start of `text` whose shaped
    /// width fits (at least one cluster): galloping, then a binary search, over exact widths.
    /// Its cost is bounded by the length of the line it finds, not of `text`.
    ///
    /// `wholeFits` tells whether all of `text` fits, when the probes settled it: a probe of the
    /// whole text, or a shorter prefix already too wide (widths grow with the text, as the search
    /// assumes); nil when the galloping ran past the end without probing the whole text.
    ///
    /// `guess`: a cluster count to search near (the previous line's, when a long word is broken
    /// into many lines): two or three probes instead of a dozen, with the same answer.
    static func fill(_ text: Substring, width: Double, context: Measurer.Context, guess: Int? = nil) -> (
        end: String.Index, wholeFits: Bool?, clusters: Int
    ) {
        var ends: [String.Index] = [text.startIndex]
        var wholeFits: Bool?
        func end(_ k: Int) -> String.Index? {
            while ends.count <= k {
                guard ends.last! < text.endIndex else { return nil }
                ends.append(text.index(after: ends.last!))
            }
            return ends[k]
        }
        func fits(_ k: Int) -> Bool {
            guard let e = end(k) else { return false }
            let piece = visible(text[text.startIndex..<e])
            let ok = (joinsAcross(text, at: e) ? context.widthJoined(piece, at: 0) : context.width(piece)) <= width + epsilon
            if e == text.endIndex { wholeFits = ok }
            return ok
        }
        var good = 1
        if let guess, guess > 1 {
            var tooWide = false
            good = largestFitting(
                near: guess,
                { k in
                    guard end(k) != nil else { return nil }
                    let ok = fits(k)
                    if !ok { tooWide = true }
                    return ok
                },
                count: {
                    while end(ends.count) != nil {}
                    return ends.count - 1
                })
            good = max(1, good)
            // A prefix too wide: the whole text is too.
            if wholeFits == nil, tooWide { wholeFits = false }
        } else {
            // Up from one cluster (2, 4, 8, … clusters), a count past the end as too wide: the
            // whole text is probed only when a probe ends exactly at its end.
            // The first count that does not fit is the galloping's; within the text, the whole
            // text does not fit either.
            var firstTooWide: Int?
            good = Gallop.largest(
                from: 1,
                { k in
                    let ok = fits(k)
                    if !ok, firstTooWide == nil { firstTooWide = k }
                    return ok
                }, count: { 0 })
            if wholeFits == nil, let k = firstTooWide, end(k) != nil { wholeFits = false }
        }
        // No break before a soft hyphen; a break after one draws a hyphen, which must fit too.
        while good > 1, let e = end(good), e < text.endIndex {
            let endsAtHyphen = isSoftHyphen(text[text.index(before: e)])
            guard
                isSoftHyphen(text[e])
                    || endsAtHyphen && context.width(visible(text[text.startIndex..<e])) + context.width(hyphen) > width + epsilon
            else { break }
            good -= 1
        }
        return (end(good) ?? text.endIndex, wholeFits, good)
    }

    /// The text from a line's start to the next hard line break.
    static func remainder(of text: String, from start: String.Index) -> Substring {
        let rest = text[start...]
        // ASCII up to the first line break: found by its byte (a control character is a cluster
        // of its own); from the first other byte on, by characters.
        let u = rest.utf8
        var i = u.startIndex
        while i < u.endIndex {
            let b = u[i]
            if b >= 0x80 { break }
            if b >= 0x0A && b <= 0x0D { return rest[..<i] }
            i = u.index(after: i)
        }
        if i == u.endIndex { return rest }
        if let newline = rest.firstIndex(where: { $0.isNewline }) { return rest[..<newline] }
        return rest
    }

    /// The largest `k` in 0...n for which `fits(k)` holds, assuming `fits` is monotone.
    static func largest(upTo n: Int, _ fits: (Int) -> Bool) -> Int {
        var lo = 0
        var hi = n
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fits(mid) { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The largest count `k` for which `fits(k)` holds, as `largestFitting` finds it, searching
    /// from a guess: up from it while counts fit, else down, galloping then bisecting (0 counts
    /// as fitting, as there). A right guess costs two measurements.
    static func largestFitting(near guess: Int, _ fits: (Int) -> Bool?, count: () -> Int) -> Int {
        if guess > 0, fits(guess) != true { return Gallop.largest(below: guess, fits) }
        return Gallop.largest(from: guess, fits, count: count)
    }

    /// The largest cluster count `k` for which `fits(k)` holds (`fits` answers nil for a count
    /// beyond the text): galloping up from 0, then bisecting, so that the work grows with the
    /// answer (what fits on a line), not with the text; then a look at the next few counts up,
    /// since one more cluster can be narrower in a joining script (a ligature forms).
    static func largestFitting(lookAhead: Int = 0, _ fits: (Int) -> Bool?, count: () -> Int) -> Int {
        let lo = Gallop.largest(from: 0, fits, count: count)
        for k in stride(from: lo + lookAhead, to: lo, by: -1) where fits(k) == true { return k }
        return lo
    }

    /// Counts above the first that does not fit still tried (see `largestFitting`) in text that
    /// may hold right-to-left characters (Arabic and Syriac join: one more letter can be
    /// narrower); elsewhere a cluster never makes a run narrower, and each try would shape.
    static func lookAhead(_ context: Measurer.Context) -> Int { context.mayReorder ? 4 : 0 }
}
