import LabelLocalization
import LabelSpecSemantics
import LabelVocabulary

/// A workspace holding `documents` (id → text), and the document `id`.
func workspace(_ documents: [String: String]) -> Workspace {
    let w = Workspace()
    for (id, text) in documents.sorted(by: { $0.key < $1.key }) { w.open(id: id, text: Array(text.utf8)) }
    return w
}

/// The byte offset of the first occurrence of `needle` in `text` (plus `plus`).
func offset(of needle: String, in text: String, plus: Int = 0) -> Int {
    let bytes = Array(text.utf8), n = Array(needle.utf8)
    for i in 0...(bytes.count - n.count) where Array(bytes[i..<(i + n.count)]) == n { return i + plus }
    fatalError("\(needle) not in text")
}

/// The bytes of `text` in `range`.
func slice(_ text: String, _ range: Range<Int>) -> String { String(decoding: Array(text.utf8)[range], as: UTF8.self) }

extension MeasuringPlan {
    /// A test's plan over `localizations`: the default configuration with these locales,
    /// pseudo-locales and device.
    static func over(
        _ localizations: Localizations, locales: [String]? = nil, pseudo: [PseudoLocale] = [], device: CatalogDevice = .iphone
    ) -> MeasuringPlan {
        var c = Configuration()
        (c.locales, c.pseudoLocales, c.device) = (locales, pseudo, device)
        return MeasuringPlan(c, localizations: localizations)
    }

    /// The plan at `sizes`, on no screen (what the features did without a plan).
    static func plain(_ sizes: [ContentSizeCategory] = [.large]) -> MeasuringPlan { MeasuringPlan().at(sizes).on([]) }
}
