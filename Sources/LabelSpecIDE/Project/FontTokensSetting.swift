import JSON
import LabelSpecSupport
import SwiftSources

extension ConfigurationReader {
    /// `fonts`: the app's own font tokens, as Swift code names them (`"Font.compound.bodyMD"`,
    /// `".scaledBody"`, `"UIFont.appTitle"`), each mapped once to a font LabelSpec measures: Swift's
    /// own spelling (`".subheadline"`, `".title2.bold()"`, `".system(size: 19)"`), or a custom
    /// family `{"name": "Avenir-Heavy", "size": 20, "relativeTo": ".title2"}`
    /// (docs/swift-sources.md, "Fonts"). An entry that cannot be used is said and left out.
    mutating func readFontTokens(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?) {
        guard case .object(let entries) = value else {
            return problem(#"'fonts' must be an object of "Font.token": ".textStyle" (or {"name", "size", "relativeTo"})"#, at: key)
        }
        var tokens: [String: SiteFont] = [:]
        for (name, v) in entries {
            let at = span?.member(name)?.value.range ?? key
            guard let token = Self.tokenKey(name) else {
                problem(
                    "'\(name.prefix(200))' is not a font token as code names it: write \"Font.NAME\", \".NAME\" or \"UIFont.NAME\"",
                    at: span?.member(name)?.key ?? key)
                continue
            }
            let uiKit = token.hasPrefix("UIFont.")
            var font: SiteFont
            if let text = v.stringValue {
                font = FontSyntax.read(text: text, uiKit: uiKit)
            } else if let fields = v.objectValue {
                font = Self.customToken(fields)
            } else {
                font = SiteFont(base: .code(""))
            }
            guard case .spec = font.base else {
                problem(
                    #"the font of '\#(name.prefix(200))' must be a font Swift writes (".subheadline", ".title2.bold()", ".system(size: 19)") or {"name": "Family", "size": 17, "relativeTo": ".body"}"#,
                    at: at)
                // Kept as code: its sites are not measured, and not said to be unmapped.
                tokens[token] = SiteFont(base: .code(String(name.prefix(200))))
                continue
            }
            tokens[token] = font
        }
        assign { $0.fontTokens = tokens }
    }

    /// `Font.x.y`, `UIFont.x`, or `.x.y` (SwiftUI's): the key code sites are looked up by.
    static func tokenKey(_ name: String) -> String? {
        let key = name.hasPrefix(".") ? "Font" + name : name
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "Font" || parts[0] == "UIFont",
            parts.dropFirst().allSatisfy({ p in !p.isEmpty && p.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { return nil }
        return key
    }

    /// `{"name": "Avenir-Heavy", "size": 20, "relativeTo": ".title2"}` (`relativeTo` optional:
    /// without it the size is fixed).
    static func customToken(_ fields: [(String, JSONValue)]) -> SiteFont {
        let f = Dictionary(fields, uniquingKeysWith: { a, _ in a })
        guard Set(f.keys).isSubset(of: ["name", "size", "relativeTo"]), let name = f["name"]?.stringValue, !name.isEmpty,
            let size = f["size"]?.doubleValue, size > 0, size.isFinite
        else { return SiteFont(base: .code("")) }
        var relative: String?
        if let r = f["relativeTo"] {
            guard let s = r.stringValue, s.hasPrefix("."), let style = FontSyntax.styleName(String(s.dropFirst())) else {
                return SiteFont(base: .code(""))
            }
            relative = style
        }
        return FontSyntax.custom(name, size, relativeTo: relative)
    }
}
