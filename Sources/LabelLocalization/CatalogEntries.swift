import LabelSpecSemantics

/// The entries of a string table by key, in the order their keys were first written.
///
/// Kept compact for tables of millions of keys (a 100 MB `.strings` file has two million): an
/// entry that is only texts, one per locale, without substitutions (every entry of a `.strings`
/// file) is held as ranges of one shared byte buffer, not as a `CatalogEntry` in a dictionary
/// bucket (72 bytes, three quarters full at best, with a `String` allocation for each text). The
/// other entries (plurals, device variations, substitutions, a key's place in a String Catalog)
/// are kept whole. A key is found through an open-addressing index of record numbers, hashed and
/// compared by its UTF-8 bytes, as `LocalizationKey` compares keys (by their exact scalars).
///
/// A text replaced (a key written twice) leaves its old bytes in the buffer: it never holds more
/// than the files read.
public struct CatalogEntries: Sendable, Sequence {
    /// One key: its bytes, and its first text or its entry kept whole.
    private struct Record {
        var keyStart: Int
        var keyCount: UInt32
        /// The first text's locale (an index in `localeNames`), `Record.none` for an entry with no
        /// text yet, or `Record.whole` for one kept whole in `whole[textStart]`.
        var locale: Int32
        var textStart: Int
        var textCount: UInt32
        /// The entry's next text (another locale) in `more`, or -1.
        var next: Int32

        static let none: Int32 = -1
        static let whole: Int32 = -2
    }

    /// Where a key is written (`CatalogKeyPlace`), in 40 bytes instead of 72: a catalog's
    /// offsets and columns fit in 32 bits (files are under 256 MiB).
    private struct Place {
        var start: Int
        var count: UInt32
        var line: UInt32
        var utf8: UInt32
        var utf16: UInt32
        var utf16Count: UInt32
        var scalars: UInt32
        var scalarCount: UInt32
        var utf8Count: UInt32

        static let none = Place(start: 0, count: 0, line: .max, utf8: 0, utf16: 0, utf16Count: 0, scalars: 0, scalarCount: 0, utf8Count: 0)

        init(
            start: Int, count: UInt32, line: UInt32, utf8: UInt32, utf16: UInt32, utf16Count: UInt32, scalars: UInt32, scalarCount: UInt32,
            utf8Count: UInt32
        ) {
            (self.start, self.count, self.line, self.utf8, self.utf16) = (start, count, line, utf8, utf16)
            (self.utf16Count, self.scalars, self.scalarCount, self.utf8Count) = (utf16Count, scalars, scalarCount, utf8Count)
        }

        init(_ p: CatalogKeyPlace) {
            func u(_ x: Int) -> UInt32 { UInt32(clamping: x) }
            let c = p.columns
            self.init(
                start: p.range.lowerBound, count: u(p.range.count), line: u(c.line), utf8: u(c.utf8.lowerBound),
                utf16: u(c.utf16.lowerBound),
                utf16Count: u(c.utf16.count), scalars: u(c.scalars.lowerBound), scalarCount: u(c.scalars.count), utf8Count: u(c.utf8.count))
        }

        var place: CatalogKeyPlace? {
            guard line != .max else { return nil }
            func r(_ a: UInt32, _ n: UInt32) -> Range<Int> { Int(a)..<(Int(a) + Int(n)) }
            return CatalogKeyPlace(
                range: start..<(start + Int(count)),
                columns: LineColumns(
                    line: Int(line), utf8: r(utf8, utf8Count), utf16: r(utf16, utf16Count), scalars: r(scalars, scalarCount)))
        }
    }

    /// A text of an entry after its first.
    private struct Text {
        var start: Int
        var count: UInt32
        var locale: Int32
        var next: Int32
    }

    private var bytes: [UInt8] = []
    private var records: [Record] = []
    private var more: [Text] = []
    private var whole: [CatalogEntry] = []
    /// Each record's key place, by record number; empty until a place is set (String Catalogs).
    private var places: [Place] = []
    private var localeNames: [String] = []
    private var localeNumbers: [String: Int32] = [:]
    /// Record numbers by hash, -1 for an empty slot; a power of two in size, at most half full.
    private var slots: [Int32] = []

    public init() {}

    public var count: Int { records.count }
    public var isEmpty: Bool { records.isEmpty }

    /// The entry of `key`.
    public subscript(key: LocalizationKey) -> CatalogEntry? {
        var s = key.string
        return s.withUTF8 { k in find(k).record.map { entry(Int($0)) } }
    }

    /// Whether the table has `key`.
    public func contains(_ key: LocalizationKey) -> Bool {
        var s = key.string
        return s.withUTF8 { k in find(k).record != nil }
    }

    /// Every key, in the order they were first written.
    public var keys: [String] { records.indices.map(key) }

    /// Every locale some entry has a text or unit for.
    public var locales: Set<String> {
        var used = Set<Int32>()
        var out = Set<String>()
        for r in records {
            if r.locale == Record.whole {
                out.formUnion(whole[r.textStart].localizations.keys)
            } else if r.locale >= 0 {
                used.insert(r.locale)
            }
        }
        for t in more { used.insert(t.locale) }
        for l in used { out.insert(localeNames[Int(l)]) }
        return out
    }

    public func makeIterator() -> AnyIterator<(key: String, value: CatalogEntry)> {
        var i = 0
        return AnyIterator {
            guard i < records.count else { return nil }
            defer { i += 1 }
            return (key(i), entry(i))
        }
    }

    /// Room for `count` keys and `byteCount` bytes of keys and texts in all.
    mutating func reserve(_ count: Int, bytes byteCount: Int) {
        if count > records.capacity { records.reserveCapacity(count) }
        if bytes.count + byteCount > bytes.capacity { bytes.reserveCapacity(bytes.count + byteCount) }
        if count * 2 > slots.count { rehash(Self.slotCount(for: count)) }
    }

    /// Sets the entry of `key` whole.
    mutating func set(_ key: String, _ entry: CatalogEntry) {
        let r = record(key)
        setPlace(r, entry.place)
        if let texts = Self.texts(of: entry) {
            records[r].locale = Record.none
            records[r].next = -1
            for (locale, text) in texts { setText(r, locale: locale, text) }
        } else {
            keepWhole(r, entry)
        }
    }

    /// Sets one locale of `key`'s entry (made when there is none).
    mutating func set(_ key: String, locale: String, _ localization: CatalogLocalization) {
        let r = record(key)
        if records[r].locale == Record.whole {
            whole[records[r].textStart].localizations[locale] = localization
        } else if case .text(let text) = localization.unit, localization.substitutions.isEmpty {
            setText(r, locale: locale, text)
        } else {
            var e = entry(r)
            e.localizations[locale] = localization
            keepWhole(r, e)
        }
    }

    // MARK: - Records

    private func key(_ r: Int) -> String { text(records[r].keyStart, records[r].keyCount) }

    private func text(_ start: Int, _ count: UInt32) -> String {
        String(decoding: bytes[start..<(start + Int(count))], as: UTF8.self)
    }

    /// The entry of record `r`, made from its texts or kept whole.
    private func entry(_ r: Int) -> CatalogEntry {
        let rec = records[r]
        var e = rec.locale == Record.whole ? whole[rec.textStart] : CatalogEntry()
        if r < places.count { e.place = places[r].place }
        guard rec.locale >= 0 else { return e }
        e.localizations[localeNames[Int(rec.locale)]] = CatalogLocalization(unit: .text(text(rec.textStart, rec.textCount)))
        var next = rec.next
        while next >= 0 {
            let t = more[Int(next)]
            e.localizations[localeNames[Int(t.locale)]] = CatalogLocalization(unit: .text(text(t.start, t.count)))
            next = t.next
        }
        return e
    }

    /// The texts of an entry that can be kept as texts: only texts without substitutions (its
    /// place is kept apart).
    private static func texts(of entry: CatalogEntry) -> [(String, String)]? {
        var out: [(String, String)] = []
        for (locale, l) in entry.localizations {
            guard case .text(let s) = l.unit, l.substitutions.isEmpty else { return nil }
            out.append((locale, s))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// Keeps record `r`'s entry whole (its place is kept apart).
    private mutating func keepWhole(_ r: Int, _ entry: CatalogEntry) {
        var e = entry
        e.place = nil
        if records[r].locale == Record.whole {
            whole[records[r].textStart] = e
        } else {
            records[r].locale = Record.whole
            records[r].textStart = whole.count
            records[r].next = -1
            whole.append(e)
        }
    }

    private mutating func setPlace(_ r: Int, _ place: CatalogKeyPlace?) {
        guard let place else {
            if r < places.count { places[r] = .none }
            return
        }
        if places.count < records.count {
            places.reserveCapacity(records.capacity)
            places.append(contentsOf: repeatElement(.none, count: records.count - places.count))
        }
        places[r] = Place(place)
    }

    private mutating func locale(_ name: String) -> Int32 {
        if let n = localeNumbers[name] { return n }
        let n = Int32(localeNames.count)
        localeNames.append(name)
        localeNumbers[name] = n
        return n
    }

    private mutating func append(_ s: String) -> (Int, UInt32) {
        let start = bytes.count
        bytes.append(contentsOf: s.utf8)
        return (start, UInt32(bytes.count - start))
    }

    /// Sets record `r`'s text of `name` (not kept whole).
    private mutating func setText(_ r: Int, locale name: String, _ s: String) {
        let l = locale(name)
        let (start, count) = append(s)
        if records[r].locale == Record.none || records[r].locale == l {
            records[r].locale = l
            records[r].textStart = start
            records[r].textCount = count
            return
        }
        var next = records[r].next
        var last: Int32 = -1
        while next >= 0 {
            if more[Int(next)].locale == l {
                more[Int(next)].start = start
                more[Int(next)].count = count
                return
            }
            last = next
            next = more[Int(next)].next
        }
        more.append(Text(start: start, count: count, locale: l, next: -1))
        let added = Int32(more.count - 1)
        if last >= 0 { more[Int(last)].next = added } else { records[r].next = added }
    }

    /// The record of `key`, made (without text) when there is none.
    private mutating func record(_ key: String) -> Int {
        var k = key
        let (slot, found) = k.withUTF8 { find($0) }
        if let found { return Int(found) }
        let (start, count) = append(key)
        records.append(Record(keyStart: start, keyCount: count, locale: Record.none, textStart: 0, textCount: 0, next: -1))
        let r = records.count - 1
        if records.count * 2 > slots.count {
            rehash(Self.slotCount(for: records.count))
        } else {
            slots[slot] = Int32(r)
        }
        return r
    }

    private static func slotCount(for count: Int) -> Int {
        var n = 16
        while n < count * 2 { n <<= 1 }
        return n
    }

    private static func hash(_ p: UnsafeRawBufferPointer) -> Int {
        var h = Hasher()
        h.combine(bytes: p)
        return h.finalize()
    }

    /// The slot of `key`'s bytes: its record's, or the empty one it would take.
    private func find(_ key: UnsafeBufferPointer<UInt8>) -> (slot: Int, record: Int32?) {
        guard !slots.isEmpty else { return (0, nil) }
        let mask = slots.count - 1
        var slot = Self.hash(UnsafeRawBufferPointer(key)) & mask
        return bytes.withUnsafeBufferPointer { all in
            while true {
                let r = slots[slot]
                if r < 0 { return (slot, nil) }
                let rec = records[Int(r)]
                if Int(rec.keyCount) == key.count, all[rec.keyStart..<(rec.keyStart + key.count)].elementsEqual(key) {
                    return (slot, r)
                }
                slot = (slot + 1) & mask
            }
        }
    }

    private mutating func rehash(_ size: Int) {
        slots = [Int32](repeating: -1, count: size)
        let mask = size - 1
        bytes.withUnsafeBufferPointer { all in
            for (i, rec) in records.enumerated() {
                var slot =
                    Self.hash(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: all[rec.keyStart..<(rec.keyStart + Int(rec.keyCount))])))
                    & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(i)
            }
        }
    }
}
