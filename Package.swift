// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LabelSpec",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "labelspec", targets: ["labelspec"]),
        .library(name: "LabelSpecSyntax", targets: ["LabelSpecSyntax"]),
        .library(name: "LabelSpecSemantics", targets: ["LabelSpecSemantics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"])]
        ),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "CLineBreak", linkerSettings: [.linkedLibrary("icuuc")]),
        .target(
            name: "LabelMeasure", dependencies: ["CHarfBuzz", "CFontconfig", "CLineBreak"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(name: "LabelSpecSyntax"),
        .target(
            name: "LabelSpecSemantics", dependencies: ["LabelSpecSyntax"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(name: "JSONRPC", dependencies: ["CJSONC"]),
        .target(name: "LabelSpecIDE", dependencies: ["LabelSpecSemantics", "LabelMeasure", "JSONRPC"]),
        .target(
            name: "LanguageServer",
            dependencies: ["JSONRPC", "LabelSpecSyntax", "LabelSpecSemantics", "LabelMeasure", "LabelSpecIDE"]
        ),
        .target(
            name: "LabelSpecCLI",
            dependencies: [
                "LabelSpecSyntax", "LabelSpecSemantics", "LabelMeasure", "LabelSpecIDE", "JSONRPC", "LanguageServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "labelspec", dependencies: ["LabelSpecCLI"]),
        .executableTarget(
            name: "labelspec-bench",
            dependencies: ["LabelSpecSyntax", "LabelSpecSemantics", "LabelMeasure", "LabelSpecIDE"],
            path: "Benchmarks/labelspec-bench"
        ),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LabelSpecSyntaxTests", dependencies: ["LabelSpecSyntax", "TestSupport"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["LanguageServer", "JSONRPC", "LabelSpecSyntax", "TestSupport"]),
        .testTarget(name: "LabelMeasureTests", dependencies: ["LabelMeasure", "LabelSpecIDE", "LabelSpecSemantics"]),
        .testTarget(name: "LabelSpecIDETests", dependencies: ["LabelSpecIDE", "LabelSpecSemantics", "LabelMeasure", "TestSupport"]),
        .testTarget(name: "LabelSpecSemanticsTests", dependencies: ["LabelSpecSemantics", "LabelSpecSyntax", "TestSupport"]),
        .testTarget(
            name: "LabelSpecCLITests",
            dependencies: ["LabelSpecCLI", "LabelSpecSemantics", "JSONRPC", "labelspec"]
        ),
    ]
)
