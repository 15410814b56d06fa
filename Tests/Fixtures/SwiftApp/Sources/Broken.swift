import SwiftUI

struct Broken: View {
    var body: some View {
        Text("legacy.delete").font(.body).lineLimit(1).frame(width: 80)
        let x = [1, 2
        Text("button.save").font(.body).lineLimit(1).frame(width: 80)
    }
}
