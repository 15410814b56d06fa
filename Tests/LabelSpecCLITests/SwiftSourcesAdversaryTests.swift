import Foundation
import Testing

/// Issue 37, adversarial review: texts the device never shows cut where a guess would (a sheet's
/// content under the presenting view's frame, a menu's items, an alert's buttons, a navigation
/// title, a hidden toggle title, a segmented picker's title, a user's name read as a catalog key
/// of its shape, narrowed or pinned text, a horizontal scroll view, macOS-only code, a frame no
/// screen has, an interpolation no table has, a UIKit label configured in an extension, a local
/// label shadowing a stored one) give no finding; those it does show cut are found (a postfix
/// `#if os(iOS)`, `ignore` after `;` in a comment, a sheet's own width).
@Suite struct SwiftSourcesAdversaryTests {
    static let catalog = #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
         "long.title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Long title"}}, "de": {"stringUnit": {"state": "translated", "value": "Eine sehr lange Überschrift für die Einstellungen der Anwendung"}}}},
         "short": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "OK"}}, "de": {"stringUnit": {"state": "translated", "value": "OK"}}}},
         "%lld": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%lld photos in the album"}}, "de": {"stringUnit": {"state": "translated", "value": "%lld Fotos im Album der Mediathek"}}}}
        }}
        """#

    static let hidden = #"""
        import SwiftUI
        import UIKit

        // Each text here is one the device never shows cut at the width LabelSpec would guess.
        struct Hidden: View {
            @State var show = false
            @State var on = false
            @State var choice = 1
            let name: String

            var body: some View {
                VStack {
                    Image(systemName: "info.circle")
                        .sheet(isPresented: $show) { Text("short").font(.body).lineLimit(1) }
                        .frame(width: 44, height: 44)
                    Menu { Button("long.title") {} } label: { Image(systemName: "ellipsis") }
                        .font(.body).lineLimit(1).frame(width: 44)
                    Picker("short", selection: $choice) { Text("long.title").tag(1) }
                        .pickerStyle(.menu).font(.body).lineLimit(1).frame(width: 120)
                    List { Text("short") }
                        .navigationTitle(Text("long.title"))
                        .alert(Text("long.title"), isPresented: $show) { Button("long.title", role: .destructive) {} }
                        .font(.body).lineLimit(1).frame(width: 320)
                    Toggle("long.title", isOn: $on).font(.body).lineLimit(1).labelsHidden()
                    Picker("long.title", selection: $choice) { Text("short").tag(1) }.pickerStyle(.segmented).font(.body).lineLimit(1)
                    Text("\(name)").font(.body).lineLimit(1).frame(width: 80)
                    Text("long.title").font(.body).lineLimit(1).frame(width: 65).fontWidth(.compressed)
                    Text("long.title").font(.body).lineLimit(1).frame(width: 65).environment(\.sizeCategory, .large)
                    ScrollView(.horizontal) { Text("long.title").font(.body).lineLimit(1) }.frame(width: 200)
                    #if os(macOS)
                        Text("long.title").font(.body).lineLimit(1).frame(width: 42)
                    #endif
                    Text("long.title").font(.body).lineLimit(1).frame(width: 1e20)
                    Text("\(Image(systemName: "star.fill")) short").font(.body).lineLimit(1).frame(width: 60)
                    // Keep in sync with labelspec: the spec of this screen
                    Text("short").font(.body).lineLimit(1)
                }
            }
        }

        final class Header: UIView {
            let subtitleLabel = UILabel()
            let titleLabel = UILabel()

            override init(frame: CGRect) {
                super.init(frame: frame)
                subtitleLabel.text = NSLocalizedString("long.title", comment: "")
                titleLabel.text = NSLocalizedString("long.title", comment: "")
                titleLabel.numberOfLines = 0
                setup()
            }

            func makeBadge() -> UILabel {
                let titleLabel = UILabel()
                titleLabel.numberOfLines = 1
                titleLabel.font = .systemFont(ofSize: 12)
                return titleLabel
            }
        }

        private extension Header {
            func setup() { subtitleLabel.numberOfLines = 0 }
        }
        """#

    static let shown = #"""
        import SwiftUI

        // Each text here is cut on the device.
        struct Shown: View {
            var body: some View {
                VStack {
                    Text("long.title").font(.body)
                    #if os(iOS)
                        .lineLimit(1).frame(width: 40)
                    #endif
                    Text("long.title").font(.body).lineLimit(1) // labelspec: width 40; ignore truncates
                    Text("long.title").font(.body).lineLimit(1) // labelspec: width 41
                    ScrollView(.horizontal) { Text("long.title").font(.body).lineLimit(1).frame(width: 50) }
                    // A sheet is laid out on its own: the 44 pt of the view it is attached to are not its.
                    Image(systemName: "info.circle")
                        .sheet(isPresented: .constant(true)) { Text("long.title").font(.body).lineLimit(1) }
                        .frame(width: 44, height: 44)
                }
            }
        }
        """#

    static func project() throws -> URL {
        try CLI.folder([
            "labelspec.json": #"{"contentSizes": ["large"], "screens": ["iPhone SE (3rd generation)"]}"#,
            "Localizable.xcstrings": catalog, "Hidden.swift": hidden, "Shown.swift": shown,
        ])
    }

    @Test func whatTheDeviceDoesNotCutIsNotReported() throws {
        let dir = try Self.project()
        let r = try CLI.run(["check", "--locale", "de", "Hidden.swift"], in: dir)
        #expect(
            r.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") } == [
                "Checked 1 file: 0 errors, 0 warnings",
                "Swift: 21 text sites, 4 checked; not checked: 4 that cannot truncate (no line limit, fixedSize or ViewThatFits), 3 with text from code, 1 with a font from code, 2 showing no title, 6 drawn by the system (menus, alerts, titles, toolbars), 1 with Dynamic Type capped below a size measured",
                #"Measured with stand-ins: Inter for SF Pro (their error: docs/measurement.md, "Stand-ins")"#,
            ])
        #expect(r.status == 0)
    }

    @Test func whatItCutsIsReported() throws {
        let dir = try Self.project()
        let r = try CLI.run(["check", "--locale", "de", "Shown.swift"], in: dir)
        #expect(
            r.stdout.split(separator: "\n").filter { $0.hasSuffix("]") } == [
                #"Shown.swift:7:13: warning: truncates in de at .large: "Ein…" (40 pt: .frame(width: 40)) [truncates]"#,
                #"Shown.swift:12:13: warning: truncates in de at .large: "Ein…" (41 pt: // labelspec: width 41) [truncates]"#,
                #"Shown.swift:13:39: warning: truncates in de at .large: "Eine…" (50 pt: .frame(width: 50)) [truncates]"#,
                #"Shown.swift:16:56: warning: truncates in de on iPhone SE (3rd generation) at .large: "Eine sehr lange Überschrift für die Einstellu…" (343 pt: no width known: at the margins of iPhone SE (3rd generation)) [truncates]"#,
            ])
    }
}
