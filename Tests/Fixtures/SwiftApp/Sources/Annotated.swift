import SwiftUI

struct Annotated: View {
    var body: some View {
        VStack {
            // labelspec: width .margins - 200
            Text("onboarding.continue").font(.body).lineLimit(1)
            Text("sync.status").font(.title3) // labelspec: lines 1; width 180
            Text("cell.title").font(.body).lineLimit(1).frame(width: 100) // labelspec:ignore truncates
            Text("button.save").font(.body).lineLimit(1) // labelspec: wdth 100
            // labelspec: ignore truncatez
            Text("legacy.delete").font(.body).lineLimit(1).frame(width: 90)
        }
    }
}
