import SwiftUI

// Xcode 26's generated symbols (STRING_CATALOG_GENERATE_SYMBOLS): resolved by their catalog key.
struct Symbols: View {
    var body: some View {
        VStack {
            Text(.Onboarding.welcome).font(.body).lineLimit(1).frame(width: 100)
            Text(.items(3)).font(.body).lineLimit(1).frame(width: 100)
        }
    }
}
