/// A sentence of UI text per language (ours: "Save the settings and apply all changes"), for a
/// locale the project has no translations in yet: what a budget's estimate in characters is
/// measured on then (docs/translators.md, "Estimates"). And each language's English name, as a
/// translator's note says it ("about 26 characters in German").
enum ScriptSamples {
    static let languages: [String: (name: String, sentence: String)] = [
        "ar": ("Arabic", "حفظ الإعدادات وتطبيق جميع التغييرات"),
        "cs": ("Czech", "Uložit nastavení a použít všechny změny"),
        "da": ("Danish", "Gem indstillingerne og anvend alle ændringer"),
        "de": ("German", "Einstellungen speichern und alle Änderungen übernehmen"),
        "el": ("Greek", "Αποθήκευση ρυθμίσεων και εφαρμογή όλων των αλλαγών"),
        "en": ("English", "Save the settings and apply all changes"),
        "es": ("Spanish", "Guardar los ajustes y aplicar todos los cambios"),
        "fi": ("Finnish", "Tallenna asetukset ja ota kaikki muutokset käyttöön"),
        "fr": ("French", "Enregistrer les réglages et appliquer toutes les modifications"),
        "he": ("Hebrew", "שמור את ההגדרות והחל את כל השינויים"),
        "hi": ("Hindi", "सेटिंग्स सहेजें और सभी बदलाव लागू करें"),
        "hu": ("Hungarian", "A beállítások mentése és az összes módosítás alkalmazása"),
        "id": ("Indonesian", "Simpan pengaturan dan terapkan semua perubahan"),
        "it": ("Italian", "Salva le impostazioni e applica tutte le modifiche"),
        "ja": ("Japanese", "設定を保存してすべての変更を適用"),
        "ko": ("Korean", "설정을 저장하고 모든 변경 사항 적용"),
        "nb": ("Norwegian Bokmål", "Lagre innstillingene og bruk alle endringene"),
        "nl": ("Dutch", "Instellingen opslaan en alle wijzigingen toepassen"),
        "pl": ("Polish", "Zapisz ustawienia i zastosuj wszystkie zmiany"),
        "pt": ("Portuguese", "Salvar as configurações e aplicar todas as alterações"),
        "ro": ("Romanian", "Salvează setările și aplică toate modificările"),
        "ru": ("Russian", "Сохранить настройки и применить все изменения"),
        "sv": ("Swedish", "Spara inställningarna och tillämpa alla ändringar"),
        "th": ("Thai", "บันทึกการตั้งค่าและใช้การเปลี่ยนแปลงทั้งหมด"),
        "tr": ("Turkish", "Ayarları kaydet ve tüm değişiklikleri uygula"),
        "uk": ("Ukrainian", "Зберегти налаштування та застосувати всі зміни"),
        "vi": ("Vietnamese", "Lưu cài đặt và áp dụng tất cả thay đổi"),
        "zh-Hans": ("Chinese, Simplified", "保存设置并应用所有更改"),
        "zh-Hant": ("Chinese, Traditional", "儲存設定並套用所有變更"),
    ]

    /// The entry of a locale: its own (`zh-Hant`), else its language's (`de` for `de-CH`; `zh`
    /// alone is Simplified).
    static func entry(_ locale: String) -> (name: String, sentence: String)? {
        if let e = languages[locale] { return e }
        let parts = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = parts.first?.lowercased() else { return nil }
        if language == "zh" { return languages[parts.contains { ["Hant", "TW", "HK", "MO"].contains($0) } ? "zh-Hant" : "zh-Hans"] }
        return languages[language]
    }

    static func sentence(for locale: String) -> String? { entry(locale)?.sentence }

    /// The English name of a locale's language (`German`), else the locale itself.
    public static func name(of locale: String) -> String { entry(locale)?.name ?? locale }
}
