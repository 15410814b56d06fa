/// Xcode's pseudolanguages (scheme options), measured like locales: they find truncation before
/// any translation exists. Each one transforms the development language's text of a localized
/// label (docs/language.md, "Pseudo-locales", gives the exact rules).
public enum PseudoLocale: String, Sendable, CaseIterable {
    /// The text, a space, and the text again.
    case doubleLength = "double-length"
    /// Every ASCII letter outside the format arguments replaced by an accented form ("Ŝéţţîñĝš").
    case accented
    /// `[# ` before the text and ` #]` after it.
    case bounded
    /// The text as it is, laid out right to left: measured with the language tag of the
    /// development language in Arabic script (`en-Arab`), which is written right to left.
    case rightToLeft = "right-to-left"
}
