import LabelLocalization
import LabelSpecIDE

extension Namespace {
    /// The namespace's plan with the command line's choices laid over it: `--content-size`,
    /// `--screen`, `--locale` and `--pseudo` (`check`, `measure`, `render`). Throws for a
    /// `--screen` name that is no screen.
    func plan(sizes: ContentSizeOptions, screens: ScreenOptions, locales: LocaleOptions) throws(ScreenNameError) -> MeasuringPlan {
        let own = plan
        return locales.plan(over: own.at(sizes.categories(default: own.contentSizes)).on(try screens.screens(default: own.screens)))
    }
}
