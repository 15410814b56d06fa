"""The multilingual corpus (issue 12, "Accuracy"): UI strings in scripts other than Latin, Greek
and Cyrillic, and the hard cases of any script. Written by hand, plus a few strings generated from
word and sequence lists with a fixed seed (GEN_SEED); nothing here comes from LabelSpec's output.

Each entry is (language, script, category, text):
- language: a BCP 47 tag (`zh-Hans`, `ja`, `he`, …): Chromium gets it as `lang=`, LabelSpec as
  `--locale` where the binary has that option;
- script: the script of the text's letters (`Han (Simplified)`, `Hebrew`, `Latin`, `Emoji`, …);
- category: one of CATEGORIES, the rows of the report's main table.

Hard line breaks ("\\n", "\\r\\n", "\\r", U+2028, U+2029) are in one category of their own,
"spaces and line breaks", with runs of spaces. The entries added for issue 36 (that category,
"kinsoku", the second list of URLs) come after all the others, and their generated strings from
a seed of their own (GEN_SEED_36), so that every case of the corpus before them keeps its size and
width.
"""

import random
import unicodedata

GEN_SEED = 20261123
GEN_SEED_36 = 20261129
LS, PS = "\u2028", "\u2029"  # line separator, paragraph separator

NBSP = "\u00a0"
NNBSP = "\u202f"
SHY = "\u00ad"
ZWSP = "\u200b"
ZWJ = "\u200d"
ZWNJ = "\u200c"
WJ = "\u2060"
NBHY = "\u2011"  # non-breaking hyphen
LRM, RLM = "\u200e", "\u200f"
VS16 = "\ufe0f"
VS15 = "\ufe0e"
KEYCAP = "\u20e3"
HARD_BREAK = set("\n\r\u2028\u2029\u0085")

CATEGORIES = (
    "CJK",
    "Thai",
    "Arabic",
    "Hebrew",
    "Devanagari",
    "emoji",
    "combining marks",
    "NBSP / soft hyphen / ZWSP",
    "URLs and e-mail",
    "tabs",
    "German compounds",
    "numbers",
    "mixed LTR/RTL",
    "spaces and line breaks",
    "kinsoku",
)


def nfd(s):
    return unicodedata.normalize("NFD", s)


# ------------------------------------------------------------------------------------ CJK

ZH_HANS = [
    "继续",
    "登录",
    "创建账户",
    "再试一次",
    "加入购物车",
    "保存更改",
    "取消订阅",
    "恢复购买",
    "通过 Apple 登录",
    "下载以供离线使用",
    "与你的团队共享",
    "隐私与安全",
    "下载和存储空间",
    "最近删除",
    "家人共享",
    "屏幕使用时间",
    "双重认证",
    "上次同步于 5 分钟前",
    "来自 Alexandra 的 3 条新消息",
    "轻点以查看你的订单记录",
    "欢迎使用 Aurora！只需几个简单步骤即可设置你的账户。",
    "我们使用你的位置来显示附近的商店并估算送达时间。",
    "打开通知，这样你就不会错过团队发来的任何消息。",
    "出了点问题。请稍后再试。",
    "你输入的密码不正确。",
    "无法连接到服务器（错误 -1009）。",
    "你的会话已过期。请重新登录以继续。",
    "付款被拒绝：请检查你的卡片信息或使用其他付款方式。",
    "上传失败：文件超过 25 MB 的限制。",
    "仅在无线局域网下自动下载更新",
    "2024年3月18日 星期一",
    "¥68.00/月",
    "已选择 12 项 · 4.3 GB",
    "《用户协议》和《隐私政策》",
    "“设置”>“隐私”>“定位服务”",
]

ZH_HANT = [
    "繼續",
    "登入",
    "建立帳號",
    "再試一次",
    "加入購物車",
    "儲存變更",
    "取消訂閱",
    "回復購買項目",
    "使用 Apple 登入",
    "下載以供離線使用",
    "與你的團隊分享",
    "隱私權與安全性",
    "最近刪除",
    "家人共享",
    "螢幕使用時間",
    "雙重認證",
    "上次同步：5 分鐘前",
    "來自 Alexandra 的 3 則新訊息",
    "點一下以檢視你的訂單記錄",
    "歡迎使用 Aurora！只要幾個簡單步驟就能設定你的帳號。",
    "我們會使用你的位置來顯示附近的商店並預估送達時間。",
    "發生錯誤，請稍後再試。",
    "你輸入的密碼不正確。",
    "無法連接伺服器（錯誤 -1009）。",
    "你的工作階段已過期。請重新登入以繼續。",
    "付款遭拒：請檢查你的卡片資料或使用其他付款方式。",
    "上傳失敗：檔案超過 25 MB 的限制。",
    "2024年3月18日 星期一",
    "「設定」>「隱私權」>「定位服務」",
    "NT$190/月",
]

JA = [
    "続ける",
    "サインイン",
    "アカウントを作成",
    "もう一度試す",
    "カートに追加",
    "変更を保存",
    "サブスクリプションをキャンセル",
    "購入を復元",
    "Appleでサインイン",
    "オフラインで使用するためにダウンロード",
    "チームと共有",
    "プライバシーとセキュリティ",
    "ダウンロードとストレージ",
    "最近削除した項目",
    "ファミリー共有",
    "スクリーンタイム",
    "2ファクタ認証",
    "最終同期：5分前",
    "アレクサンドラさんから3件の新着メッセージ",
    "タップして注文履歴を表示",
    "Auroraへようこそ！いくつかの簡単な手順でアカウントを設定しましょう。",
    "近くの店舗を表示し、配達時間を見積もるために位置情報を使用します。",
    "通知をオンにすると、チームからのメッセージを見逃しません。",
    "問題が発生しました。しばらくしてからもう一度お試しください。",
    "入力したパスワードが正しくありません。",
    "サーバに接続できませんでした（エラー -1009）。",
    "セッションの有効期限が切れました。続けるには再度サインインしてください。",
    "お支払いが拒否されました：カード情報を確認するか、別のお支払い方法を使用してください。",
    "アップロードに失敗しました：ファイルが25 MBの上限を超えています。",
    "2024年3月18日（月）",
    "¥980/月",
    "ちょっと待ってください",
    "キャッシュをクリアしています…",
    "「設定」＞「プライバシー」＞「位置情報サービス」",
    "ショッピングバッグ",
    "ｶｰﾄに追加",
    "東京都　渋谷区",
]

KO = [
    "계속",
    "로그인",
    "계정 만들기",
    "다시 시도",
    "장바구니에 추가",
    "변경 사항 저장",
    "구독 취소",
    "구입 항목 복원",
    "Apple로 로그인",
    "오프라인에서 사용하도록 다운로드",
    "팀과 공유하기",
    "개인정보 보호 및 보안",
    "다운로드 및 저장 공간",
    "최근 삭제된 항목",
    "가족 공유",
    "스크린 타임",
    "이중 인증",
    "5분 전에 마지막으로 동기화됨",
    "Alexandra 님이 보낸 새 메시지 3개",
    "탭하여 주문 내역 보기",
    "Aurora에 오신 것을 환영합니다! 몇 단계만 거치면 계정을 설정할 수 있습니다.",
    "위치 정보를 사용하여 주변 매장을 표시하고 배송 시간을 예측합니다.",
    "알림을 켜면 팀에서 보낸 메시지를 놓치지 않습니다.",
    "문제가 발생했습니다. 나중에 다시 시도하십시오.",
    "입력한 암호가 올바르지 않습니다.",
    "서버에 연결할 수 없습니다(오류 -1009).",
    "세션이 만료되었습니다. 계속하려면 다시 로그인하십시오.",
    "결제가 거부되었습니다. 카드 정보를 확인하거나 다른 결제 수단을 사용하십시오.",
    "업로드 실패: 파일이 25MB 제한을 초과합니다.",
    "2024년 3월 18일 월요일",
    "₩9,900/월",
    "대한민국특별시서울중구세종대로",
]

# ------------------------------------------------------------------------------------ Thai

TH = [
    "ดำเนินการต่อ",
    "ลงชื่อเข้า",
    "สร้างบัญชี",
    "ลองอีกครั้ง",
    "เพิ่มลงในรถเข็น",
    "บันทึกการเปลี่ยนแปลง",
    "ยกเลิกการสมัครสมาชิก",
    "กู้คืนการซื้อ",
    "ลงชื่อเข้าด้วย Apple",
    "ดาวน์โหลดเพื่อใช้แบบออฟไลน์",
    "แชร์กับทีมของคุณ",
    "การแจ้งเตือน",
    "ความเป็นส่วนตัวและความปลอดภัย",
    "ดาวน์โหลดและพื้นที่จัดเก็บ",
    "ที่เพิ่งลบ",
    "การแชร์กันในครอบครัว",
    "เวลาหน้าจอ",
    "การตรวจสอบสิทธิ์สองปัจจัย",
    "ซิงค์ล่าสุดเมื่อ 5 นาทีที่แล้ว",
    "ข้อความใหม่ 3 ข้อความจาก Alexandra",
    "แตะเพื่อดูประวัติการสั่งซื้อของคุณ",
    "ยินดีต้อนรับสู่ Aurora! มาตั้งค่าบัญชีของคุณในไม่กี่ขั้นตอน",
    "เราใช้ตำแหน่งของคุณเพื่อแสดงร้านค้าใกล้เคียงและประมาณเวลาจัดส่ง",
    "เปิดการแจ้งเตือนเพื่อไม่พลาดข้อความจากทีมของคุณ",
    "เกิดข้อผิดพลาด โปรดลองอีกครั้งในภายหลัง",
    "รหัสผ่านที่คุณป้อนไม่ถูกต้อง",
    "ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้ (ข้อผิดพลาด -1009)",
    "เซสชันของคุณหมดอายุแล้ว ลงชื่อเข้าอีกครั้งเพื่อดำเนินการต่อ",
    "การชำระเงินถูกปฏิเสธ: ตรวจสอบรายละเอียดบัตรของคุณหรือใช้วิธีการชำระเงินอื่น",
    "อัปโหลดล้มเหลว: ไฟล์มีขนาดเกิน 25 MB",
    "วันจันทร์ที่ 18 มีนาคม พ.ศ. 2567",
    "฿99 ต่อเดือน",
    "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ",
    "กรุงเทพมหานคร อมรรัตนโกสินทร์",
]

# Thai words for generated strings: run together without spaces, as Thai is written, they need
# a dictionary to find the word boundaries.
TH_WORDS = [
    "การ", "ตั้งค่า", "บัญชี", "ผู้ใช้", "ข้อมูล", "ส่วนตัว", "ความ", "ปลอดภัย", "รหัสผ่าน", "อีเมล",
    "โทรศัพท์", "ที่อยู่", "จัดส่ง", "สินค้า", "ราคา", "ส่วนลด", "พิเศษ", "วันนี้", "เท่านั้น", "ใหม่",
    "ดาวน์โหลด", "แอป", "อัปเดต", "เวอร์ชัน", "ล่าสุด", "แจ้งเตือน", "ข้อความ", "เพื่อน", "ครอบครัว", "ทำงาน",
]

# ---------------------------------------------------------------------------------- Arabic

AR = [
    "متابعة",
    "تسجيل الدخول",
    "إنشاء حساب",
    "إعادة المحاولة",
    "إضافة إلى السلة",
    "حفظ التغييرات",
    "إلغاء الاشتراك",
    "استعادة المشتريات",
    "تنزيل للاستخدام دون اتصال",
    "مشاركة مع فريقك",
    "الإشعارات",
    "الخصوصية والأمن",
    "التنزيلات والتخزين",
    "المحذوفة مؤخرًا",
    "المشاركة العائلية",
    "مدة استخدام الجهاز",
    "المصادقة بخطوتين",
    "آخر مزامنة قبل ٥ دقائق",
    "اضغط لعرض سجل طلباتك",
    "نستخدم موقعك لعرض المتاجر القريبة وتقدير أوقات التوصيل.",
    "شغّل الإشعارات حتى لا تفوتك أي رسالة من فريقك.",
    "حدث خطأ ما. يرجى المحاولة مرة أخرى لاحقًا.",
    "كلمة السر التي أدخلتها غير صحيحة.",
    "انتهت صلاحية جلستك. سجّل الدخول مرة أخرى للمتابعة.",
    "تم رفض الدفع: تحقق من تفاصيل بطاقتك أو استخدم طريقة دفع أخرى.",
    "فشل التحميل: يتجاوز الملف حد ٢٥ ميغابايت.",
    "الاثنين، ١٨ مارس ٢٠٢٤",
    "٩٫٩٩ ر.س شهريًا",
    "محمد عبد الرحمن",
    "كَتَبَ الطَّالِبُ الدَّرْسَ",
    "بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ",
    "الإعدادات ← الخصوصية ← خدمات الموقع",
]

FA = [
    "ادامه",
    "تنظیمات حریم خصوصی",
    "می‌خواهید این فایل را حذف کنید؟",
]

# ---------------------------------------------------------------------------------- Hebrew

HE = [
    "המשך",
    "התחברות",
    "יצירת חשבון",
    "נסה שוב",
    "הוסף לסל",
    "שמור שינויים",
    "ביטול המינוי",
    "שחזור רכישות",
    "הורדה לשימוש לא מקוון",
    "שתף עם הצוות שלך",
    "עדכונים",
    "פרטיות ואבטחה",
    "הורדות ואחסון",
    "נמחקו לאחרונה",
    "שיתוף משפחתי",
    "זמן מסך",
    "אימות דו\u05beשלבי",
    "סונכרן לאחרונה לפני 5 דקות",
    "הקש כדי להציג את היסטוריית ההזמנות שלך",
    "אנו משתמשים במיקום שלך כדי להציג חנויות קרובות ולהעריך זמני משלוח.",
    "הפעל התראות כדי שלא תפספס אף הודעה מהצוות שלך.",
    "משהו השתבש. נסה שוב מאוחר יותר.",
    "הסיסמה שהזנת שגויה.",
    "פג תוקף ההפעלה שלך. התחבר שוב כדי להמשיך.",
    "התשלום נדחה: בדוק את פרטי הכרטיס או השתמש באמצעי תשלום אחר.",
    "ההעלאה נכשלה: הקובץ חורג מהמגבלה של 25 MB.",
    "יום שני, 18 במרץ 2024",
    "29.90 ₪ לחודש",
    "שָׁלוֹם עֲלֵיכֶם",
    "ישראל ישראלי",
    "\"הגדרות\" > \"פרטיות\" > \"שירותי מיקום\"",
]

# ------------------------------------------------------------------------------ Devanagari

HI = [
    "जारी रखें",
    "साइन इन करें",
    "खाता बनाएँ",
    "फिर से कोशिश करें",
    "कार्ट में जोड़ें",
    "बदलाव सहेजें",
    "सदस्यता रद्द करें",
    "ख़रीदारी पुनर्स्थापित करें",
    "Apple से साइन इन करें",
    "ऑफ़लाइन उपयोग के लिए डाउनलोड करें",
    "अपनी टीम के साथ शेयर करें",
    "सूचनाएँ",
    "गोपनीयता और सुरक्षा",
    "डाउनलोड और स्टोरेज",
    "हाल ही में डिलीट किए गए",
    "फ़ैमिली शेयरिंग",
    "स्क्रीन टाइम",
    "दो-चरणीय प्रमाणीकरण",
    "5 मिनट पहले सिंक किया गया",
    "Alexandra से 3 नए संदेश",
    "अपना ऑर्डर इतिहास देखने के लिए टैप करें",
    "Aurora में आपका स्वागत है! कुछ आसान चरणों में अपना खाता सेट करें।",
    "हम आस-पास के स्टोर दिखाने और डिलीवरी का समय अनुमानित करने के लिए आपके स्थान का उपयोग करते हैं।",
    "कुछ गलत हो गया। कृपया बाद में फिर से प्रयास करें।",
    "आपके द्वारा दर्ज किया गया पासवर्ड गलत है।",
    "सर्वर से कनेक्ट नहीं हो सका (त्रुटि -1009)।",
    "आपका सत्र समाप्त हो गया है। जारी रखने के लिए फिर से साइन इन करें।",
    "भुगतान अस्वीकृत: अपने कार्ड का विवरण जाँचें या कोई अन्य भुगतान विधि उपयोग करें।",
    "अपलोड विफल: फ़ाइल 25 MB की सीमा से अधिक है।",
    "सोमवार, 18 मार्च 2024",
    "₹199 प्रति माह",
    "क्षत्रिय श्रृंखला द्वारा प्रस्तुत",
    "राष्ट्रीय स्वास्थ्य प्राधिकरण",
]

MR = [
    "पुढे सुरू ठेवा",
    "सेटिंग्ज उघडा",
]

# ----------------------------------------------------------------------------------- emoji


def zwj(*parts):
    return ZWJ.join(parts)


def flag(cc):
    return "".join(chr(0x1F1E6 + ord(c) - ord("A")) for c in cc)


def keycap(c):
    return c + VS16 + KEYCAP


FAMILY = zwj("👨", "👩", "👧", "👦")
TONES = ["\U0001F3FB", "\U0001F3FC", "\U0001F3FD", "\U0001F3FE", "\U0001F3FF"]
SCOTLAND = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"

EMOJI = [
    ("en", FAMILY + " Family"),
    ("en", "Family Sharing " + zwj("👨", "👩", "👧")),
    ("en", "👍" + TONES[2] + " Liked by Sam"),
    ("en", " ".join(flag(c) for c in ("DE", "FR", "JP", "US", "BR"))),
    ("en", "Press " + keycap("1") + " to continue, " + keycap("2") + " to cancel"),
    ("en", keycap("#") + " Trending"),
    ("en", zwj("🏳" + VS16, "🌈") + " Pride 2024"),
    ("en", zwj("🧑" + TONES[4], "💻") + " Developer mode"),
    ("en", zwj("👩" + TONES[0], "❤" + VS16, "💋", "👨" + TONES[1])),
    ("en", "❤" + VS16 + " Favorites"),
    ("en", "⭐" * 4 + "☆ 4.0"),
    ("en", "🎉🎉🎉"),
    ("en", "Happy birthday! 🎂🎈🎁"),
    ("en", "🔥 Hot deals today"),
    ("en", "✈" + VS16 + " Flight UA 930 — On time"),
    ("en", "☕" + " Coffee break"),
    ("en", "📍 221B Baker Street"),
    ("en", SCOTLAND + " Scotland"),
    ("en", "".join("👋" + t for t in TONES)),
    ("en", zwj("🧑", "🤝", "🧑") + " 2 friends nearby"),
    ("en", "😀😃😄😁😆😅🤣😂🙂"),
    ("en", "".join(flag(c) for c in ("UA", "PL", "DE", "FR", "ES", "IT", "GB", "IE"))),
    ("en", "⌚" + " Apple Watch"),
    ("en", "🫠🫡🫶" + TONES[2]),
    ("en", zwj("🐕", "🦺") + " Service dog"),
    ("en", "Done ✔" + VS16),
    ("en", "☺" + VS15 + " text style, ☺" + VS16 + " emoji style"),
    ("en", "Rating: ★★★★☆"),
    ("zh-Hans", "🎉 新年快乐！"),
    ("ja", "🍣🍜🍱 今日のランチ"),
    ("ar", "🎉 مبروك!"),
    ("he", "🎂 יום הולדת שמח!"),
    ("en", "Score " + keycap("1") + keycap("0") + keycap("0")),
    ("en", zwj("👩", "👩", "👦", "👦") + zwj("👨", "👨", "👧") + zwj("👩", "👧")),
]

EMOJI_BASES = ["😀", "🙂", "😎", "🤔", "🥳", "😴", "🤖", "👻", "🐱", "🐶", "🦊", "🐼", "🌍", "🌸", "🍕", "🍔", "⚽", "🏀",
               "🚀", "🚗", "🎧", "📷", "💡", "📚", "🧩", "🎮", "🏆", "💬", "📦", "🔒"]
EMOJI_TONED = ["👍", "👋", "🙌", "👏", "🤞", "✌" + VS16, "🙏", "💪", "🧑", "👩", "👨", "🧒"]
EMOJI_ZWJ = [
    zwj("👩", "💻"), zwj("👨", "🍳"), zwj("🧑", "🚀"), zwj("👩", "🔬"), zwj("🧑", "🎨"), zwj("🏃", "♀" + VS16),
    zwj("🐻", "❄" + VS16), zwj("😶", "🌫" + VS16), zwj("❤", "🔥"), zwj("👁" + VS16, "🗨" + VS16),
    zwj("👨", "👩", "👦"), zwj("👩", "👩", "👧", "👧"), zwj("👨", "👦", "👦"),
]
FLAG_CODES = ["DE", "FR", "JP", "KR", "CN", "TW", "TH", "IL", "SA", "EG", "IN", "BR", "MX", "CA", "AU", "NG", "KE", "SE",
              "NO", "FI"]
WORDS_EN = ["Inbox", "Photos", "Travel", "Music", "Friends", "Weekend", "Offer", "Update", "Reminder", "Party", "Team",
            "Goal", "Trip", "Dinner", "Game night", "New", "Sale", "Today", "Launch", "Ready"]

# ---------------------------------------------------------------------------- combining marks

COMBINING = [
    ("fr", nfd("Café crème")),
    ("fr", nfd("Crème brûlée à emporter")),
    ("sv", nfd("Ångström-enheter")),
    ("fr", nfd("naïve résumé déjà vu")),
    ("vi", nfd("Đặng Thị Ngọc Hân")),
    ("vi", nfd("Cài đặt quyền riêng tư")),
    ("de", nfd("Zürich Hauptbahnhof")),
    ("es", nfd("ñandú pequeño")),
    ("en", "a\u0301\u0302\u0323bc"),
    ("en", "Z\u0324\u0354\u0367\u0311\u0313a\u0308\u0356\u032d\u0308\u0307l\u036e\u0312\u036bg\u030c\u0317\u035ao\u0319\u0314\u036e\u0307\u0350\u0307"),
    ("en", "q\u0303 x\u0304 y\u0304 n\u0307"),
    ("en", "Circled e\u20dd and a\u20de"),
    ("ko", "\u1112\u119e\u11ab\u1100\u1173\u11af \u1100\u119e\u11af"),
    ("hi", "क\u093cलम और ज\u093cमीन"),
    ("yo", nfd("Ẹ kú àárọ̀, ṣé dáadáa ni?")),
    ("pl", nfd("Zażółć gęślą jaźń")),
    ("lt", nfd("Ąžuolas ir į̃ kalną")),
    ("cs", nfd("Příliš žluťoučký kůň úpěl ďábelské ódy")),
    ("ro", nfd("Șoseaua Ștefan cel Mare")),
    ("el", nfd("Ἀθῆναι καὶ Ῥόδος")),
]

COMBINING_MARKS = ["\u0300", "\u0301", "\u0302", "\u0303", "\u0304", "\u0306", "\u0307", "\u0308", "\u030a", "\u030b",
                   "\u030c", "\u0323", "\u0324", "\u0327", "\u0328", "\u0331", "\u0336"]
COMBINING_WORDS = ["settings", "account", "notification", "privacy", "download", "message", "welcome", "continue",
                   "password", "security", "profile", "language"]

# ------------------------------------------------------------ NBSP / soft hyphen / ZWSP

SPACES = [
    ("en", "10" + NBSP + "km"),
    ("en", "Total:" + NBSP + "€" + NBSP + "12.99"),
    ("en", "Mr." + NBSP + "Smith and Dr." + NBSP + "Jones"),
    ("fr", "Prix" + NBSP + ": 12,99" + NBSP + "€ par mois"),
    ("en", "Page" + NBSP + "1" + NBSP + "of" + NBSP + "200"),
    ("en", "iPhone" + NBSP + "15" + NBSP + "Pro" + NBSP + "Max"),
    ("en", "Chapter" + NBSP + "1 — The" + NBSP + "Beginning of Everything"),
    ("fr", "«" + NNBSP + "Bonjour" + NNBSP + "»" + NNBSP + "!"),
    ("fr", "10" + NNBSP + "000" + NNBSP + "km parcourus"),
    ("de", "Donau" + SHY + "dampf" + SHY + "schiff" + SHY + "fahrts" + SHY + "gesellschaft"),
    ("en", "Inter" + SHY + "nation" + SHY + "al" + SHY + "iza" + SHY + "tion settings"),
    ("de", "Konto" + SHY + "einstellungen"),
    ("de", "Benachrichti" + SHY + "gungen verwalten"),
    ("en", "in" + SHY + "com" + SHY + "pre" + SHY + "hen" + SHY + "si" + SHY + "bil" + SHY + "i" + SHY + "ties"),
    ("en", ZWSP.join(["very", "long", "identifier", "without", "spaces"])),
    ("en", ZWSP.join(["user", "_name", "_field", "_value"])),
    ("th", ZWSP.join(["ภาษา", "ไทย", "มี", "คำ", "ที่", "ยาว", "มาก"])),
    ("en", ZWSP.join(["path/", "to/", "the/", "file.txt"])),
    ("ja", ZWSP.join(["アカウント", "設定", "を", "開く"])),
    ("en", "Wi" + WJ + "-" + WJ + "Fi" + WJ + " settings"),
    ("en", "e" + NBHY + "mail and T" + NBHY + "Mobile"),
    ("en", "a" + ZWNJ + "b" + ZWJ + "c" + ZWSP + "d" + WJ + "e"),
    ("en", "Thin\u2009space and em\u2003space"),
    ("en", "Figure\u2007space: 1\u2007234"),
    ("ja", "東京都\u3000渋谷区\u3000神南"),
    ("en", "Trailing no-break space" + NBSP),
    ("de", "Arbeits" + SHY + "unfähigkeits" + SHY + "bescheinigung"),
]

# ------------------------------------------------------------------------ URLs and e-mail

URLS = [
    "https://support.example.com/help/account-recovery?lang=en-US",
    "jane.doe+newsletter@example.co.uk",
    "www.example.com/products/iphone-15-pro-max",
    "https://github.com/apple/swift/pull/12345#issuecomment-987654321",
    "ftp://files.example.org/pub/releases/v2.3.1/",
    "user_name_very_long@subdomain.department.company.example",
    "http://localhost:8080/api/v1/users?id=42&sort=desc",
    "Visit https://example.com/privacy for details.",
    "Contact us at help@aurora.app or +1 (555) 010-9999",
    "https://de.wikipedia.org/wiki/Donaudampfschifffahrtsgesellschaft",
    "s3://my-bucket/2024/03/18/backup.tar.gz",
    "~/Library/Application Support/Aurora/cache.db",
    "https://example.com/a/very/long/path/that/keeps/going/and/going/index.html",
    "@alexandra_fitzgerald",
    "#SwiftUI #iOSDev #WWDC24",
    "mailto:support@example.com?subject=Order%20%2312345",
    "https://例え.jp/パス/ファイル",
    "https://xn--r8jz45g.jp/",
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "first.last@example.com, second.person@example.org",
]

URL_WORDS = ["account", "settings", "privacy", "download", "checkout", "profile", "orders", "help", "search", "media",
             "images", "static", "v2", "api", "users", "docs", "release-notes", "2024", "en-us", "de-de"]
URL_HOSTS = ["example.com", "aurora.app", "shop.example.co.uk", "cdn.example.net", "login.example.org", "my-company.io"]

# ------------------------------------------------------------------------------------ tabs

TABS = [
    ("en", "Name:\tAlexandra"),
    ("en", "Price\t€12.99"),
    ("en", "1.\tIntroduction"),
    ("en", "Total\t\t42"),
    ("en", "\tIndented text that wraps onto a second line"),
    ("en", "Key\tValue\tNotes"),
    ("en", "Mon\tTue\tWed\tThu\tFri"),
    ("en", "Subtotal:\t$129.00\tTax:\t$10.32"),
    ("en", "ID\t12345\tStatus\tActive"),
    ("en", "A\tB"),
    ("en", "Tab at the end\t"),
    ("ja", "名前\tアレクサンドラ"),
    ("he", "שם\tישראל ישראלי"),
    ("de", "Straße:\tHauptstraße 5"),
    ("en", "Column one\tColumn two\tColumn three"),
]

# -------------------------------------------------------------------------- German compounds

COMPOUNDS = [
    "Donaudampfschifffahrtsgesellschaftskapitän",
    "Datenschutzeinstellungen",
    "Benachrichtigungseinstellungen",
    "Kraftfahrzeughaftpflichtversicherung",
    "Rechtsschutzversicherungsgesellschaften",
    "Geschwindigkeitsbegrenzung",
    "Bildschirmzeitbeschränkungen",
    "Zwei-Faktor-Authentifizierung",
    "Mobilfunknetzbetreiber",
    "Softwareaktualisierung verfügbar",
    "Hintergrundaktualisierung für Apps",
    "Standortdienste-Systemeinstellungen",
    "Arbeitsunfähigkeitsbescheinigung",
    "Fußgängerüberweg",
    "Straßenbahnhaltestelle",
    "Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung",
    "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz",
    "Zahlungsinformationen aktualisieren",
    "Kontoeinstellungen und Sicherheitsoptionen",
    "Größenänderungsbeschränkung",
    "Bahnhofsvorsteherstellvertreter",
    "Eisenbahn-Bau- und Betriebsordnung",
    "Ein-/Ausschalten",
    "Mehrwertsteuer-Identifikationsnummer",
    "Lebensversicherungsvertragsbedingungen gelesen",
]

# ---------------------------------------------------------------------------------- numbers

NUMBERS = [
    ("en", "1,234,567.89"),
    ("de", "1.234.567,89 €"),
    ("de", "+49 (0)30 1234-5678"),
    ("en", "ISBN 978-3-16-148410-0"),
    ("en", "3.14159265358979323846264338327950288"),
    ("en", "12:45:30 PM"),
    ("en", "2024-03-18T14:30:00Z"),
    ("en", "−273.15 °C"),
    ("en", "Storage 99.9% full"),
    ("en", "½ · ¾ · 1⁄3 · 2⁵ · H₂O"),
    ("en", "$1,299.00/year"),
    ("en", "v2.3.1-beta.4+build.5678"),
    ("en", "#1 of 1,000,000"),
    ("ar", "١٢٣٬٤٥٦٫٧٨"),
    ("hi", "१२,३४,५६७.८९"),
    ("ja", "¥1,234,567"),
    ("ko", "₩1,000,000"),
    ("en", "1e-9 · 6.022e23"),
    ("en", "4 × 3 = 12 ÷ 2"),
    ("fr", "1" + NNBSP + "000" + NNBSP + "000,00" + NNBSP + "€"),
    ("en", "0000 1111 2222 3333"),
    ("en", "12345678901234567890123456789"),
    ("fa", "۱۴۰۳/۰۱/۲۹"),
    ("th", "๑๒๓๔๕ บาท"),
]

CURRENCIES = [("en", "$", None), ("de", None, " €"), ("ja", "¥", None), ("en", "£", None), ("hi", "₹", None),
              ("ko", "₩", None), ("fr", None, NBSP + "€"), ("he", None, " ₪")]

# ---------------------------------------------------------------------------- mixed LTR/RTL

BIDI = [
    ("he", "Hebrew", "הורד את Aurora Pro עכשיו"),
    ("he", "Hebrew", "עדכון iOS 17.4 זמין"),
    ("he", "Hebrew", "התחבר עם Google או Apple"),
    ("he", "Hebrew", "המחיר: $4.99 לחודש"),
    ("he", "Hebrew", "שלח ל־jane@example.com"),
    ("he", "Hebrew", "פתח את https://example.com/he כדי להמשיך"),
    ("he", "Hebrew", "קובץ PDF (2.3 MB)"),
    ("he", "Hebrew", "גרסה 2.3.1 (build 4567)"),
    ("he", "Hebrew", "3 הודעות חדשות מ־Alexandra"),
    ("ar", "Arabic", "حمّل تطبيق Aurora الآن"),
    ("ar", "Arabic", "تحديث iOS 17.4 متاح"),
    ("ar", "Arabic", "السعر: 4.99 دولار شهريًا"),
    ("ar", "Arabic", "أرسل إلى jane@example.com"),
    ("ar", "Arabic", "ملف PDF (2.3 ميغابايت)"),
    ("ar", "Arabic", "٣ رسائل جديدة من Alexandra"),
    ("ar", "Arabic", "مرحبًا بك في Aurora! لنقم بإعداد حسابك في بضع خطوات سريعة."),
    ("ar", "Arabic", "تسجيل الدخول باستخدام Apple"),
    ("ar", "Arabic", "تعذر الاتصال بالخادم (الخطأ -1009)."),
    ("en", "Latin", "Shalom means שלום in Hebrew"),
    ("en", "Latin", "Arabic: مرحبا (hello)"),
    ("en", "Latin", "Translated from العربية by Aurora"),
    ("en", "Latin", "Open “ספר הזמנות” to continue"),
    ("en", "Latin", "Contact: محمد (+971 50 123 4567)"),
    ("en", "Latin", "Files: report.pdf, דוח.pdf, تقرير.pdf"),
    ("he", "Hebrew", "ההעלאה נכשלה" + RLM + " (error 413)"),
    ("en", "Latin", "Name: \u2067ישראל ישראלי\u2069 (verified)"),
    ("he", "Hebrew", "ברוכים הבאים ל־Aurora! בוא נגדיר את החשבון שלך בכמה צעדים מהירים."),
    ("fa", "Arabic", "نسخه ۲.۳.۱ را از App Store دانلود کنید"),
    ("en", "Latin", "abc " + LRM + "123" + RLM + " def"),
]


# ------------------------------------------------------------------- spaces and line breaks (issue 36)

# Runs of spaces (UIKit keeps every one; at the end of a line they hang) and every hard line break
# Core Text knows: LF, CR LF, CR, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR (UAX #14
# classes LF, CR, BK: mandatory breaks, LB4-LB5).
LINE_BREAKS = [
    ("en", "Name:    Alexandra Fitzgerald"),
    ("en", "Total        $1,299.00"),
    ("en", "   Three spaces lead this label"),
    ("en", "Trailing spaces after the text     "),
    ("en", "Two  spaces  between  every  word  of  this  label"),
    ("en", "Wrap     at     these     wide     gaps     please"),
    ("en", "First line\nSecond line"),
    ("en", "Order shipped\r\nArrives Tuesday, March 18"),
    ("en", "Old Mac line ending\rnext line"),
    ("en", "Line one" + LS + "Line two, a little longer than the first"),
    ("en", "Paragraph one ends here." + PS + "Paragraph two starts here and goes on."),
    ("en", "Settings\n\nPrivacy & Security"),
    ("en", "Ends with a line feed\n"),
    ("en", "\nStarts with a line feed"),
    ("en", "Spaces before the break    \nand the next line"),
    ("en", "A first paragraph long enough to wrap onto a second line\nShort"),
    ("en", "Mixed" + LS + "separators\r\nand" + PS + "breaks\nhere"),
    ("de", "Straße" + LS + "Hausnummer 12a, 10115 Berlin"),
    ("ja", "東京\n大阪\n名古屋"),
    ("ja", "シャットダウンしています" + LS + "しばらくお待ちください"),
    ("zh-Hans", "订单已发货\r\n预计周二送达"),
    ("he", "שלום\nעולם ומלואו"),
    ("ar", "مرحبا" + PS + "بالعالم كله"),
]

# ------------------------------------------------------------------------------- kinsoku (issue 36)

# Japanese and Chinese with the characters a CJK line may not start with (。、」』）・ー and the small
# kana) or end with (「『（), wherever the seeded width puts the wrap point.
KINSOKU = [
    ("ja", "「設定」を開いて、「プライバシー」をタップしてください。"),
    ("ja", "ダウンロード中です。しばらくお待ちください。"),
    ("ja", "ショッピングカートに商品が入っています。"),
    ("ja", "チェックアウト・ページへ進む"),
    ("ja", "アップデートがあります。今すぐインストールしますか？"),
    ("ja", "ファイル・フォルダ・ショートカット"),
    ("ja", "「キャンセル」または「ＯＫ」を選んでください"),
    ("ja", "メッセージが届きました（３件）。"),
    ("ja", "ちょっと待ってね、すぐ行くよ。"),
    ("ja", "キャッシュをクリアしています…"),
    ("ja", "ユーザー名とパスワードを入力してください。"),
    ("ja", "コーヒー・ティー・ジュース、どれにしますか？"),
    ("ja", "次のステップ：「アカウント」→「サインイン」"),
    ("ja", "「はい」、「いいえ」。"),
    ("ja", "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ"),
    ("zh-Hans", "请点击“设置”，然后选择“隐私”。"),
    ("zh-Hans", "《用户协议》和《隐私政策》"),
    ("zh-Hans", "下载中……请稍候。"),
    ("zh-Hans", "你好，世界！欢迎使用。"),
    ("zh-Hans", "「重要」通知：系统将于今晚维护。"),
    ("zh-Hans", "价格：￥１２８．００（含税）"),
    ("zh-Hant", "請點選「設定」，然後選擇「隱私權」。"),
    ("zh-Hant", "「重要」：請於今日前完成更新。"),
]

JA_WORDS = ["アカウント", "設定", "キャッシュ", "ショップ", "チェック", "メッセージ", "ユーザー", "ダウンロード", "ちょっと",
            "きゃく", "しゅっぱつ", "コーヒー", "ファイル", "写真", "通知", "プライバシー", "サーバー", "ジャケット"]
ZH_WORDS = ["设置", "隐私", "下载", "账户", "通知", "照片", "购物车", "服务器", "更新", "订单"]

# ------------------------------------------------------------------------ URLs and e-mail (issue 36)

URLS_36 = [
    "Contact support@example.com for help",
    "first.last+tag@sub.example.co.uk",
    "Visit https://www.example.com/en-us/support/contact?ref=app#form today",
    "mailto:hello@aurora.app?subject=Feedback",
    "user_name-123@mail-server.example.org",
    "www.example.com/a_b/c-d/e.f",
    "https://example.com/path/with%20encoded%20spaces",
    "git@github.com:owner/repo.git",
    "https://[2001:db8::1]:8443/status",
    "file:///Users/Shared/Report.pdf",
    "tel:+1-555-010-9999",
    "https://aurora.app/invite?code=X7K9-2PLM-QQ41",
]


def generated_36(rng):
    """Issue 36's generated strings, from their own seed: spaces and line breaks, kinsoku, URLs."""
    out = []
    breaks = ["\n", "\r\n", LS, PS, "\r"]
    for _ in range(10):
        words = [rng.choice(WORDS_EN) for _ in range(rng.randint(3, 7))]
        text = words[0]
        for w in words[1:]:
            k = rng.randrange(4)
            text += " " * rng.randint(2, 6) if k < 2 else rng.choice(breaks) if k == 2 else " "
            text += w
        out.append(("en", "Latin", "spaces and line breaks", text))
    for _ in range(10):
        if rng.random() < 0.7:
            words = [rng.choice(JA_WORDS) for _ in range(rng.randint(3, 6))]
            lang, puncts = "ja", ["、", "・", "。", "ー", ""]
        else:
            words = [rng.choice(ZH_WORDS) for _ in range(rng.randint(3, 6))]
            lang, puncts = "zh-Hans", ["，", "、", "。", "：", ""]
        text = ""
        for w in words:
            text += ("「%s」" % w if rng.random() < 0.3 else w) + rng.choice(puncts)
        out.append((lang, SCRIPT_OF_LANG[lang], "kinsoku", text))
    for _ in range(8):
        host = rng.choice(URL_HOSTS)
        user = rng.choice(["jane.doe", "support", "no-reply", "team+alerts", "j_smith42", "first.last"])
        path = "/".join(rng.choice(URL_WORDS) for _ in range(rng.randint(1, 4)))
        text = rng.choice(["%s@%s", "https://%s/%s", "Write to %s@%s today", "Open https://%s/%s now"])
        text = text % ((user, host) if "@" in text else (host, path))
        out.append(("en", "Latin", "URLs and e-mail", text))
    return out


# ------------------------------------------------------------------------------ generated


def generated(rng):
    """Strings built from the lists above with the fixed seed: (language, script, category, text)."""
    out = []
    # Thai words run together (dictionary line breaking), some with a space between phrases.
    for _ in range(10):
        words = [rng.choice(TH_WORDS) for _ in range(rng.randint(4, 10))]
        if rng.random() < 0.4:
            words.insert(rng.randint(1, len(words) - 1), " ")
        out.append(("th", "Thai", "Thai", "".join(words)))
    # Emoji: words with ZWJ sequences, skin tones, flags and keycaps.
    for _ in range(24):
        parts = []
        for _ in range(rng.randint(2, 6)):
            kind = rng.randrange(6)
            if kind == 0:
                parts.append(rng.choice(EMOJI_BASES) * rng.randint(1, 3))
            elif kind == 1:
                parts.append(rng.choice(EMOJI_TONED) + rng.choice(TONES))
            elif kind == 2:
                parts.append(rng.choice(EMOJI_ZWJ))
            elif kind == 3:
                parts.append("".join(flag(rng.choice(FLAG_CODES)) for _ in range(rng.randint(1, 3))))
            elif kind == 4:
                parts.append("".join(keycap(rng.choice("0123456789#*")) for _ in range(rng.randint(1, 3))))
            else:
                parts.append(rng.choice(WORDS_EN))
        sep = rng.choice([" ", " ", ""])
        out.append(("en", "Emoji", "emoji", sep.join(parts)))
    # Combining marks on Latin words.
    for _ in range(10):
        words = []
        for _ in range(rng.randint(1, 4)):
            w = ""
            for ch in rng.choice(COMBINING_WORDS):
                w += ch
                if rng.random() < 0.35:
                    w += "".join(rng.choice(COMBINING_MARKS) for _ in range(rng.randint(1, 3)))
            words.append(w)
        out.append(("en", "Latin", "combining marks", " ".join(words)))
    # URLs and e-mail addresses.
    for i in range(14):
        host = rng.choice(URL_HOSTS)
        path = "/".join(rng.choice(URL_WORDS) for _ in range(rng.randint(1, 5)))
        if i % 3 == 2:
            user = rng.choice(["jane.doe", "support", "no-reply", "alexandra.fitzgerald", "team+alerts", "j_smith42"])
            text = "%s@%s" % (user, host)
        else:
            text = "https://%s/%s" % (host, path)
            if rng.random() < 0.5:
                text += "?%s=%d&%s=%s" % (rng.choice(URL_WORDS), rng.randint(1, 99999), rng.choice(["lang", "ref", "q"]),
                                          rng.choice(URL_WORDS))
        out.append(("en", "Latin", "URLs and e-mail", text))
    # Tabs between fields.
    for _ in range(8):
        fields = [rng.choice(WORDS_EN + ["12.99", "42", "€5", "Total:", "Name:", "ID"]) for _ in range(rng.randint(2, 5))]
        out.append(("en", "Latin", "tabs", "\t".join(fields)))
    # Numbers: prices in several currencies, phone numbers, long digit runs.
    for i in range(16):
        lang, pre, post = rng.choice(CURRENCIES)
        k = i % 4
        if k == 0:
            n = rng.randint(1, 10 ** rng.randint(3, 9))
            digits = "{:,}".format(n)
            if lang in ("de", "fr"):
                digits = digits.replace(",", "." if lang == "de" else NNBSP)
            text = (pre or "") + digits + (post or "")
        elif k == 1:
            text = "+%d %d %04d %04d" % (rng.randint(1, 99), rng.randint(10, 999), rng.randint(0, 9999), rng.randint(0, 9999))
            lang = "en"
        elif k == 2:
            text = "".join(rng.choice("0123456789") for _ in range(rng.randint(12, 40)))
            lang = "en"
        else:
            text = "%d.%d.%d (%d)" % (rng.randint(1, 30), rng.randint(0, 20), rng.randint(0, 99), rng.randint(1000, 99999))
            lang = "en"
        out.append((lang, "Latin", "numbers", text))
    return out


# ---------------------------------------------------------------------------------- entries

SCRIPT_OF_LANG = {"zh-Hans": "Han (Simplified)", "zh-Hant": "Han (Traditional)", "ja": "Japanese", "ko": "Hangul",
                  "th": "Thai", "ar": "Arabic", "fa": "Arabic", "he": "Hebrew", "hi": "Devanagari", "mr": "Devanagari"}


def entries():
    """Every (language, script, category, text), in a fixed order, without duplicates."""
    items = []
    for lang, texts in (("zh-Hans", ZH_HANS), ("zh-Hant", ZH_HANT), ("ja", JA), ("ko", KO)):
        items += [(lang, SCRIPT_OF_LANG[lang], "CJK", t) for t in texts]
    items += [("th", "Thai", "Thai", t) for t in TH]
    items += [("ar", "Arabic", "Arabic", t) for t in AR]
    items += [("fa", "Arabic", "Arabic", t) for t in FA]
    items += [("he", "Hebrew", "Hebrew", t) for t in HE]
    items += [("hi", "Devanagari", "Devanagari", t) for t in HI]
    items += [("mr", "Devanagari", "Devanagari", t) for t in MR]
    items += [(lang, "Emoji", "emoji", t) for lang, t in EMOJI]
    items += [(lang, SCRIPT_OF_LANG.get(lang, "Latin" if lang != "el" else "Greek"), "combining marks", t)
              for lang, t in COMBINING]
    items += [(lang, SCRIPT_OF_LANG.get(lang, "Latin"), "NBSP / soft hyphen / ZWSP", t) for lang, t in SPACES]
    items += [("en", "Latin", "URLs and e-mail", t) for t in URLS]
    items += [(lang, SCRIPT_OF_LANG.get(lang, "Latin"), "tabs", t) for lang, t in TABS]
    items += [("de", "Latin", "German compounds", t) for t in COMPOUNDS]
    items += [(lang, SCRIPT_OF_LANG.get(lang, "Latin"), "numbers", t) for lang, t in NUMBERS]
    items += [(lang, script, "mixed LTR/RTL", t) for lang, script, t in BIDI]
    items += generated(random.Random(GEN_SEED))
    items += [(lang, SCRIPT_OF_LANG.get(lang, "Latin"), "spaces and line breaks", t) for lang, t in LINE_BREAKS]
    items += [(lang, SCRIPT_OF_LANG[lang], "kinsoku", t) for lang, t in KINSOKU]
    items += [("en", "Latin", "URLs and e-mail", t) for t in URLS_36]
    items += generated_36(random.Random(GEN_SEED_36))
    seen = set()
    out = []
    for lang, script, category, text in items:
        assert category in CATEGORIES, category
        # Hard line breaks only in their own category.
        assert category == "spaces and line breaks" or not HARD_BREAK & set(text), text
        if (lang, text) in seen:
            continue
        seen.add((lang, text))
        out.append((lang, script, category, text))
    return out


if __name__ == "__main__":
    from collections import Counter

    e = entries()
    print(len(e), "strings")
    for k, v in sorted(Counter(c for _, _, c, _ in e).items(), key=lambda kv: CATEGORIES.index(kv[0])):
        print("%-28s %d" % (k, v))
