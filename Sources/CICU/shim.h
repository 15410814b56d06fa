// ICU, as a system library: this target exists for its pkg-config flags (`icu-uc`), which give
// CLineBreak ICU's headers and libraries where they are not in the compiler's default paths
// (Homebrew's keg-only icu4c on macOS). Swift never imports ICU's headers (they clash with
// Foundation's own ICU module): only CLineBreak's opaque functions cross into Swift.
