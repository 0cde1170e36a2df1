// Hebrew for the labels most visible on the page; everything else falls back to English. Loaded as
// its own chunk; the page is then laid out right to left (locale-formats' directionOf).
import type { CardsMessages } from '../catalogues/cards'
import type { CompactMessages } from '../catalogues/compact'
import type { FilterChipsMessages } from '../catalogues/filter-chips'
import type { MainMessages } from '../catalogues/main'
import type { Translation, Translations } from '../translate'

const main = {
  'app.title': 'סייר נתונים',
  'app.pageTitle': '{table} – סייר נתונים',
  'app.dataFrom': 'נתונים מתוך',
  'app.skipToTable': 'דילוג לטבלה',
  'app.inDataset': 'מאגר נתונים: {title}',
  'app.controls': 'חיפוש ומסננים',
  'app.clearSearch': 'ניקוי החיפוש',
  'app.loadingTable': 'הטבלה נטענת…',

  'display.menu': 'שפה וצבעים: {language}',
  'display.language': 'שפה',
  'display.theme': 'צבעים',
  'display.themeSystem': 'כמו במערכת',
  'display.themeLight': 'בהירים',
  'display.themeDark': 'כהים',
  'cell.empty': '(ריק)',
  'cell.false': 'לא',
  'cell.true': 'כן',

  'filters.addFilter': 'הוספת מסנן',

  'limit.label': 'הגבלה',
  'limit.all': 'הכול',
  'limit.custom': 'אחר…',
  'limit.apply': 'החלה',

  'picker.heading': 'בחירת טבלה',
  'picker.label': 'טבלה',
  'picker.open': 'פתיחה',
  'picker.searching': 'מחפש…',

  'tables.heading': 'טבלאות ב־{host}',
  'tables.loading': 'רשימת הטבלאות נטענת…',
  'tables.rows': { one: 'שורה אחת', two: '{count} שורות', other: '{count} שורות' },
  'tables.recent': 'נפתחו לאחרונה',

  'portal.heading': 'פורטל וגישה',
  'portal.close': 'סגירה',
  'portal.addressLabel': 'כתובת הפורטל',
  'portal.usePortal': 'שימוש בפורטל',
  'portal.tokenLabel': 'אסימון גישה',

  'search.label': 'חיפוש',
  'search.placeholder': 'מילים לחיפוש בכל העמודות',
  'search.wholeWords': 'התאמה למילים שלמות',

  'status.range': '{from}–{to} מתוך {total} רשומות',
  'status.rangeEstimated': '{from}–{to} מתוך כ־{total} רשומות',
  'status.rangeUnknown': '{from}–{to} רשומות',
  'status.none': 'אין רשומות מתאימות',
  'status.all': { one: 'רשומה אחת', two: 'כל {count} הרשומות', other: 'כל {count} הרשומות' },
  'status.loading': 'הרשומות נטענות…',
  'status.updating': 'מעדכן…',

  'table.columns.button': 'עמודות',
  'table.columns.close': 'סגירה',
  'table.columns.legend': 'הצגה או הסתרה של עמודות',
  'table.columns.showAll': 'הצגת הכול',
  'table.grid.label': 'רשומות',
  'table.grid.retry': 'ניסיון נוסף',

  'ui.close': 'סגירה',
  'ui.loading': 'טוען…',
  'ui.retry': 'ניסיון נוסף',
  'app.export': 'ייצוא',
  'app.profileStrip': 'סקירת עמודות',
  'app.copyAsCode': 'העתקה כקוד…',
  'app.download': 'הורדה…',
  'app.embedView': 'הטמעת התצוגה…',
  'app.views': 'הצגת הרשומות בתור',
  'app.viewTable': 'טבלה',
  'app.viewCards': 'כרטיסים',
  'app.viewChart': 'תרשים',
  'picker.placeholder': 'הקלידו שם, או הדביקו קישור לטבלה',
  'picker.hint': 'הקלידו חלק משם הטבלה כדי למצוא אותה, או הדביקו את הקישור לדף הטבלה בפורטל.',
  'search.hint': 'מוצא רשומות שבהן מילה מתחילה במה שהקלדתם.',
  'search.hintWhole': 'מוצא רשומות שמכילות את המילים השלמות האלה.',
  'table.columns.summary': '{shown} מתוך {total} מוצגות',
  'table.grid.moreColumns': 'עמודות נוספות: גללו הצידה',
  'status.estimatedHint': 'הפורטל העריך את הסך הכול: ספירה מדויקת הייתה איטית בטבלה גדולה כזו.',
  'limit.customLabel': 'מגבלה מותאמת',
} satisfies Translation<MainMessages>

const filterChips = {
  'filters.showing': 'מוצגות רשומות שבהן {summary}.',
  'filters.activeHeading': 'מסננים פעילים',
  'filters.remove': 'הסרת המסנן {condition}',
  'filters.edit': 'שינוי המסנן {condition}',
  'filters.clearAll': 'הסרת כל המסננים',
} satisfies Translation<FilterChipsMessages>

const compact = {
  'app.menu': 'תפריט',
  'app.options': 'מסננים',
  'app.optionsName': {
    one: 'מסננים ואפשרויות, מסנן פעיל אחד',
    other: 'מסננים ואפשרויות, {count} מסננים פעילים',
  },
  'app.optionsTitle': 'מסננים ואפשרויות',
  'app.optionsDone': 'הצגת הרשומות',
} satisfies Translation<CompactMessages>

const cards = {
  'cards.list': 'רשומות',
  'cards.record': 'רשומה',
  'cards.loading': 'טוען…',
  'cards.failed': 'חלק מהרשומות לא נטענו.',
  'cards.retry': 'ניסיון נוסף',
} satisfies Translation<CardsMessages>

export const hebrewTranslations: Translations = { main, filterChips, cards, compact }
