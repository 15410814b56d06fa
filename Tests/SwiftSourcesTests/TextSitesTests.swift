import Testing

@testable import SwiftSources

/// Issue 37, point 2 (begun): SwiftUI text sites read with swift-syntax, with their keys and the
/// modifiers from the call outward.
@Suite struct TextSitesTests {
    func describe(_ source: String) -> [String] {
        let bytes = Array(source.utf8)
        return TextSites.sites(in: bytes).map { site in
            let mods = site.modifiers.map { m in
                (m.enclosing ? "^" : "") + ".\(m.name)("
                    + m.arguments.map { ($0.label.map { $0 + ": " } ?? "") + $0.text }.joined(separator: ", ") + ")"
            }.joined()
            let at = String(decoding: bytes[site.offset..<min(bytes.count, site.offset + 6)], as: UTF8.self)
            return "\(at)… \(site.callee) \(site.verbatim ? "verbatim " : "")\(site.key.map { "\"\($0)\"" } ?? "-")\(mods)"
        }
    }

    @Test func sitesKeysAndModifiers() {
        let source = """
            struct V: View {
                var body: some View {
                    VStack {
                        Text("Settings").lineLimit(1).font(.headline)
                        Text("Hello \\(name)!")
                        Text("\\(count) items").frame(width: 120)
                        Text(verbatim: "v1.0")
                        Label("Delete", systemImage: "trash")
                        Text(model.title)
                    }
                    .font(.caption)
                }
            }
            """
        #expect(
            describe(source) == [
                #"Text("… Text "Settings".lineLimit(1).font(.headline)^.font(.caption)"#,
                #"Text("… Text "Hello %@!"^.font(.caption)"#,
                #"Text("… Text "%@ items".frame(width: 120)^.font(.caption)"#,
                #"Text(v… Text verbatim "v1.0"^.font(.caption)"#,
                #"Label(… Label "Delete"^.font(.caption)"#,
                "Text(m… Text -^.font(.caption)",
            ])
    }

    @Test func specifiersFromWhatTheSyntaxShows() {
        #expect(
            describe(#"let a = Text("\(3) of \(items.count), \(2.5) \(x, specifier: "%.1f")")"#) == [
                #"Text("… Text "%lld of %lld, %lf %.1f""#
            ])
    }
}
