// Arabic for the labels most visible on the page; everything else falls back to English. Loaded as
// its own chunk; the page is then laid out right to left (locale-formats' directionOf). Counts
// stand after “السجلات” so the noun does not have to agree with the number.
import type { CardsMessages } from '../catalogues/cards'
import type { CompactMessages } from '../catalogues/compact'
import type { FilterChipsMessages } from '../catalogues/filter-chips'
import type { MainMessages } from '../catalogues/main'
import type { Translation, Translations } from '../translate'

const main = {
  'app.title': 'مستكشف البيانات',
  'app.pageTitle': '{table} – مستكشف البيانات',
  'app.dataFrom': 'البيانات من',
  'app.skipToTable': 'الانتقال إلى الجدول',
  'app.inDataset': 'مجموعة البيانات: {title}',
  'app.controls': 'البحث وعوامل التصفية',
  'app.clearSearch': 'مسح البحث',
  'app.loadingTable': 'جارٍ تحميل الجدول…',

  'display.menu': 'اللغة والألوان: {language}',
  'display.language': 'اللغة',
  'display.theme': 'الألوان',
  'display.themeSystem': 'مثل النظام',
  'display.themeLight': 'فاتحة',
  'display.themeDark': 'داكنة',
  'cell.empty': '(فارغ)',
  'cell.false': 'خطأ',
  'cell.true': 'صحيح',

  'filters.addFilter': 'إضافة عامل تصفية',

  'limit.label': 'الحد',
  'limit.all': 'الكل',
  'limit.custom': 'مخصص…',
  'limit.apply': 'تطبيق',

  'picker.heading': 'اختيار جدول',
  'picker.label': 'الجدول',
  'picker.open': 'فتح',
  'picker.searching': 'جارٍ البحث…',

  'tables.heading': 'الجداول في {host}',
  'tables.loading': 'جارٍ تحميل قائمة الجداول…',
  'tables.rows': {
    zero: 'لا توجد صفوف',
    one: 'صف واحد',
    two: 'صفّان',
    few: '{count} صفوف',
    many: '{count} صفًا',
    other: '{count} صف',
  },
  'tables.recent': 'فُتحت مؤخرًا',

  'portal.heading': 'البوابة والوصول',
  'portal.close': 'إغلاق',
  'portal.addressLabel': 'عنوان البوابة',
  'portal.usePortal': 'استخدام البوابة',
  'portal.tokenLabel': 'رمز الوصول',

  'search.label': 'بحث',
  'search.placeholder': 'كلمات للبحث عنها في أي عمود',
  'search.wholeWords': 'مطابقة الكلمات الكاملة',

  'status.range': 'السجلات {from}–{to} من أصل {total}',
  'status.rangeEstimated': 'السجلات {from}–{to} من أصل {total} تقريبًا',
  'status.rangeUnknown': 'السجلات {from}–{to}',
  'status.none': 'لا توجد سجلات مطابقة',
  'status.all': {
    zero: 'لا توجد سجلات',
    one: 'سجل واحد',
    two: 'سجلّان',
    few: 'جميع السجلات البالغ عددها {count}',
    many: 'جميع السجلات البالغ عددها {count}',
    other: 'جميع السجلات البالغ عددها {count}',
  },
  'status.loading': 'جارٍ تحميل السجلات…',
  'status.updating': 'جارٍ التحديث…',

  'table.columns.button': 'الأعمدة',
  'table.columns.close': 'إغلاق',
  'table.columns.legend': 'إظهار الأعمدة أو إخفاؤها',
  'table.columns.showAll': 'إظهار الكل',
  'table.grid.label': 'السجلات',
  'table.grid.retry': 'إعادة المحاولة',

  'ui.close': 'إغلاق',
  'ui.loading': 'جارٍ التحميل…',
  'ui.retry': 'إعادة المحاولة',
  'app.export': 'تصدير',
  'app.profileStrip': 'لمحة عن الأعمدة',
  'app.copyAsCode': 'نسخ كرمز برمجي…',
  'app.download': 'تنزيل…',
  'app.embedView': 'تضمين هذا العرض…',
  'app.views': 'عرض السجلات على شكل',
  'app.viewTable': 'جدول',
  'app.viewCards': 'بطاقات',
  'app.viewChart': 'رسم بياني',
  'picker.placeholder': 'اكتب اسمًا، أو الصق رابطًا إلى جدول',
  'picker.hint': 'اكتب جزءًا من اسم الجدول للعثور عليه، أو الصق رابط صفحة الجدول في البوابة.',
  'search.hint': 'يعثر على السجلات التي تبدأ فيها كلمة بما تكتبه.',
  'search.hintWhole': 'يعثر على السجلات التي تحتوي على هذه الكلمات الكاملة.',
  'table.columns.summary': '{shown} من أصل {total} معروضة',
  'table.grid.moreColumns': 'مزيد من الأعمدة: مرّر جانبيًا',
  'status.estimatedHint': 'قدّرت البوابة العدد الإجمالي: العدّ الدقيق سيكون بطيئًا في جدول بهذا الحجم.',
  'limit.customLabel': 'حد مخصص',
} satisfies Translation<MainMessages>

const filterChips = {
  'filters.showing': 'تُعرض السجلات التي فيها {summary}.',
  'filters.activeHeading': 'عوامل التصفية النشطة',
  'filters.remove': 'إزالة عامل التصفية {condition}',
  'filters.edit': 'تعديل عامل التصفية {condition}',
  'filters.clearAll': 'إزالة كل عوامل التصفية',
} satisfies Translation<FilterChipsMessages>

const compact = {
  'app.menu': 'القائمة',
  'app.options': 'عوامل التصفية',
  'app.optionsName': {
    one: 'عوامل التصفية والخيارات، عامل تصفية واحد نشط',
    other: 'عوامل التصفية والخيارات، عوامل التصفية النشطة: {count}',
  },
  'app.optionsTitle': 'عوامل التصفية والخيارات',
  'app.optionsDone': 'عرض السجلات',
} satisfies Translation<CompactMessages>

const cards = {
  'cards.list': 'السجلات',
  'cards.record': 'سجل',
  'cards.loading': 'جارٍ التحميل…',
  'cards.failed': 'تعذّر تحميل بعض السجلات.',
  'cards.retry': 'إعادة المحاولة',
} satisfies Translation<CardsMessages>

export const arabicTranslations: Translations = { main, filterChips, cards, compact }
