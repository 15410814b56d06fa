import SwiftUI

struct SettingsView: View {
    let name: String
    let count: Int
    var model: Model

    var body: some View {
        List {
            Text("settings.title")
                .font(.headline)
                .lineLimit(1)
            Text("sync.status").font(.footnote).lineLimit(2)
            Text("Hello \(name)").font(.body).lineLimit(1).frame(width: 200)
            Text("\(count) items")
                .lineLimit(1, reservesSpace: true)
                .padding(.horizontal, 16)
                .frame(maxWidth: 220)
            Text(model.title).font(.body).lineLimit(1)
            Text("sync.status").font(.body)
            Text(verbatim: "Version 1.0 (build 4821) of the application").font(.body).lineLimit(1).frame(width: 120)
            Text(L10n.Legacy.delete).font(.compound.bodyMD).lineLimit(1).frame(width: 150)
            Text("short").lineLimit(1)
            Text("onboarding.continue").font(.body).lineLimit(1).fixedSize()
            Label("button.save", systemImage: "square.and.arrow.down").font(.compound.headingMDBold).lineLimit(1)
            Text("settings.title").font(.compound.unknownToken).lineLimit(1)
        }
        .font(.caption)
    }
}
