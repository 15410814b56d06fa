import SwiftUI

struct Tokens: View {
    var on: Bool

    var body: some View {
        VStack {
            Text("sync.status").font(.system(size: 15, weight: .semibold, design: .rounded)).lineLimit(1).frame(width: 250)
            Text("cell.title").font(.custom("Inter", size: 15, relativeTo: .body)).lineLimit(1).frame(width: 200)
            Text("cell.title").font(.body.italic()).fontWeight(.bold).lineLimit(1).frame(width: 230)
            Text(on ? "button.save" : "short").font(.callout).lineLimit(1).frame(width: 160)
            Text("sync.status").font(.body).lineLimit(1).dynamicTypeSize(.large)
            ViewThatFits {
                Text("sync.status").font(.body).lineLimit(1)
                Text("short").font(.body).lineLimit(1)
            }
            Text(.settingsTitle).font(.body).lineLimit(1)
            Text("cell.title").font(theme.rowFont).lineLimit(1)
            Text("cell.title").lineLimit(1)
        }
    }
}
