/// The one way text that is not the server's own wording goes into Markdown (hovers): names of
/// labels, styles, screens (`labelspec.json`, the editor's setting), locales and plural forms,
/// localization keys and their texts, catalog paths, error messages that quote them.
///
/// Where the server writes Markdown (audited for issue 33): `Hover` (label, style, colour,
/// width and property hovers, a key's texts), `FitTable.markdown`, `LabelHover.ScreenFitTable`, a
/// picture's alt text. Completion documentation is Markdown too, but only the property table's
/// and colour table's own wording (nothing read from a file). Diagnostics, code actions, inlay
/// hints and symbols are plain text in LSP and are not Markdown (an inlay hint names a screen
/// through `line`: one line, cut, not escaped).
///
/// The rules (CommonMark 0.31 with GitHub's tables and strikethrough, what VS Code, Neovim and
/// Emacs' markdown-mode render):
/// - `text`: for a position inside a line, never at a line's start (every caller writes its own
///   words, `**`, or `| ` first, so the line-start constructs `#`, `>`, `-`, `1.`, fences and
///   indented code cannot begin there). A backslash escapes every character that has an inline
///   meaning there: `\` `` ` `` `*` `_` `~` `[` `]` `!` `<` `>` `&` `|` (emphasis, code, links and
///   images, raw HTML and autolinks, entities, table cells). CommonMark lets any ASCII
///   punctuation be escaped and shows it as itself, so an escape never shows; plain `(`, `)`,
///   `:` or `.` mean nothing once `[`, `]` and `<` are escaped, and are left as they are, to
///   keep text readable in clients that show Markdown as it is written. A line break (LF, CR,
///   U+2028, U+2029, NEL) becomes `↵` and any other control character U+FFFD, so a name is one
///   line and cannot end a table row or start a block. Long text is cut (`…`).
/// - `code`: inside a code span a backslash is literal, so nothing is escaped there: the span is
///   opened and closed by a run of backticks one longer than the longest run in the text (which
///   then cannot close it), padded with a space when the text starts or ends with a backtick.
///   Not for table cells (GitHub splits cells at `|` before it sees code spans).
/// - `fence`: a fenced block's fence is longer than any run of backticks in its body.
/// Text passes through exactly one of these, once: never escape what is already Markdown.
public enum Markdown {
    /// Characters escaped by `text`.
    static let escaped: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "~", "[", "]", "!", "<", ">", "&", "|"]

    /// A name shows at most this many Unicode scalars (then `…`).
    public static let maxName = 80

    /// `s` safe at a position inside a line (see the type's rules), cut to `max` Unicode scalars
    /// at a character's boundary, with `…` when cut.
    public static func text(_ s: String, max: Int = maxName) -> String { oneLine(s, max: max, escaping: true) }

    /// `s` as `text` makes it one line and cuts it, without escapes: a name shown in plain text
    /// where a line break or a name of thousands of characters would be in the way (an inlay
    /// hint's label, which an editor draws inside a line of code).
    public static func line(_ s: String, max: Int = maxName) -> String { oneLine(s, max: max, escaping: false) }

    private static func oneLine(_ s: String, max: Int, escaping: Bool) -> String {
        var out = String.UnicodeScalarView()
        var kept = 0
        var cut = false
        for character in s {
            let scalars = character.unicodeScalars
            if kept + scalars.count > max {
                cut = true
                break
            }
            kept += scalars.count
            for u in scalars {
                switch u.value {
                case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                    out.append("↵")
                case 0x09:
                    out.append(" ")
                case 0..<0x20, 0x7F..<0xA0:
                    out.append("\u{FFFD}")
                default:
                    if escaping, escaped.contains(u) { out.append("\\") }
                    out.append(u)
                }
            }
        }
        if cut { out.append("…") }
        return String(out)
    }

    /// `s` as an inline code span whose delimiters it cannot close (line breaks shown as `↵`,
    /// cut to `max` scalars).
    public static func code(_ s: String, max: Int = maxName) -> String {
        var body = String.UnicodeScalarView()
        var kept = 0
        var cut = false
        for character in s {
            if kept + character.unicodeScalars.count > max {
                cut = true
                break
            }
            kept += character.unicodeScalars.count
            for u in character.unicodeScalars {
                switch u.value {
                case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: body.append("↵")
                case 0..<0x20, 0x7F..<0xA0: body.append("\u{FFFD}")
                default: body.append(u)
                }
            }
        }
        if cut { body.append("…") }
        let text = String(body)
        let ticks = String(repeating: "`", count: longestRun(of: "`", in: text) + 1)
        let pad =
            text.hasPrefix("`") || text.hasSuffix("`") || (text.hasPrefix(" ") && text.hasSuffix(" ") && !text.allSatisfy { $0 == " " })
            ? " " : ""
        return ticks + pad + text + pad + ticks
    }

    /// A fenced code block of `body` (lines ending in `\n`), with `info` (`text`): the fence is
    /// at least three backticks and longer than any run of backticks in the body.
    public static func fence(_ body: String, info: String = "text") -> String {
        let ticks = String(repeating: "`", count: Swift.max(3, longestRun(of: "`", in: body) + 1))
        return ticks + info + "\n" + body + (body.hasSuffix("\n") || body.isEmpty ? "" : "\n") + ticks + "\n"
    }

    /// The longest run of `c` in `s`.
    static func longestRun(of c: Unicode.Scalar, in s: String) -> Int {
        var longest = 0, run = 0
        for u in s.unicodeScalars {
            run = u == c ? run + 1 : 0
            longest = Swift.max(longest, run)
        }
        return longest
    }
}
