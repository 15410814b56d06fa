import Foundation
import LabelSpecSemantics
import Testing

@testable import LabelLocalization
@testable import LabelSpecIDE

/// A String Catalog format's `%#@name@` substitutions expanded into texts (`TextVariants.substituted`):
/// the same texts as replacing each name in turn, and bounded whatever the catalog says.
@Suite struct SubstitutionTests {
    static func plural(_ argNum: Int, _ forms: [PluralCategory: String]) -> CatalogSubstitution {
        CatalogSubstitution(argNum: argNum, formatSpecifier: "lld", plural: forms)
    }

    /// The expansion before the one-pass fill: each name replaced in the whole text in turn.
    static func replacingInTurn(_ format: String, _ subs: [String: CatalogSubstitution], _ choice: [(String, PluralCategory)]) -> String {
        var text = format
        for (name, category) in choice {
            let s = subs[name]!
            text = text.replacingOccurrences(
                of: "%#@\(name)@",
                with: (s.plural[category] ?? "").replacingOccurrences(of: "%arg", with: "%\(s.argNum!)$\(s.formatSpecifier)"))
        }
        return text
    }

    @Test func everyCombinationAsReplacingEachNameInTurn() {
        // `b`'s form names `c` (replaced: it comes later in the format) and `a`'s names `b` and
        // itself (left); a name only a form writes is not one of the format's (`d`: left).
        let subs = [
            "a": Self.plural(1, [.one: "%arg file of %#@a@", .other: "%arg files, %#@b@"]),
            "b": Self.plural(2, [.one: "%arg folder", .other: "%arg folders and %#@c@"]),
            "c": Self.plural(3, [.other: "%arg disks%#@d@"]),
            "d": Self.plural(4, [.other: "%arg d"]),
        ]
        let format = "%#@a@ in %#@b@ (%#@missing@, %%#@a@) %#@c@"
        let got = TextVariants.substituted(format, subs, locale: "en", numberSample: { _ in nil })
        #expect(got.count == 4)  // a: one/other × b: one/other × c: other
        let categories: [(PluralCategory, PluralCategory)] = [(.one, .one), (.one, .other), (.other, .one), (.other, .other)]
        for ((text, form, _), (a, b)) in zip(got, categories) {
            #expect(text == Self.replacingInTurn(format, subs, [("a", a), ("b", b), ("c", .other)]))
            #expect(form == "a: \(a.rawValue), b: \(b.rawValue), c: other")
        }
        #expect(
            got[1].0
                == "%1$lld file of %#@a@ in %2$lld folders and %3$lld disks%#@d@ (%#@missing@, %%1$lld file of %#@a@) %3$lld disks%#@d@")
    }

    @Test func manySubstitutionsMakeAtMost36TextsAndNoOverflow() {
        // 3^50 combinations overflowed the count (a crash); one varies at a time, 36 in all.
        var subs: [String: CatalogSubstitution] = [:]
        for i in 0..<50 { subs["s\(i)"] = Self.plural(i + 1, [.zero: "no %arg", .one: "%arg item", .other: "%arg items"]) }
        let format = (0..<50).map { "%#@s\($0)@" }.joined(separator: " ")
        let got = TextVariants.substituted(format, subs, locale: "en", numberSample: { _ in nil })
        #expect(got.count == TextVariants.maxCombinations)
        // Forms in CLDR's order: zero, one, other. First s0 varies (all at other comes once, there),
        // then s1, and so on.
        let expected: [[PluralCategory]] = [[.zero], [.one], [.other], [.other, .zero], [.other, .one]].map {
            $0 + Array(repeating: .other, count: 50 - $0.count)
        }
        for (k, categories) in expected.enumerated() {
            let choice = categories.enumerated().map { ("s\($0.offset)", $0.element) }
            #expect(got[k].0 == Self.replacingInTurn(format, subs, choice), "combination \(k)")
            #expect(got[k].1 == choice.map { "\($0.0): \($0.1.rawValue)" }.joined(separator: ", "))
        }
        #expect(Set(got.map(\.0)).count == 36)
    }

    @Test func formsThatNestIntoEachOtherStayBounded() {
        // Each form writes the next substitution twice: replacing in turn doubles the text 40 times.
        var subs: [String: CatalogSubstitution] = [:]
        for i in 0..<40 { subs["s\(i)"] = Self.plural(1, [.other: "[%#@s\(i + 1)@|%#@s\(i + 1)@]"]) }
        subs["s40"] = Self.plural(1, [.other: "%arg"])
        let format = (0...40).map { "%#@s\($0)@" }.joined()
        let got = TextVariants.substituted(format, subs, locale: "en", numberSample: { _ in nil })
        #expect(got.count == 1)
        let text = got[0].0
        var input = format.utf8.count
        for s in subs.values { input += s.plural.values.reduce(0) { $0 + $1.utf8.count + 16 } }
        #expect(text.utf8.count <= 4 * input)
        // Expanded as far as the budget allows, the rest written as it was.
        #expect(text.hasPrefix("[[[[[[[[["))
        #expect(text.contains("%#@s"))
    }
}
