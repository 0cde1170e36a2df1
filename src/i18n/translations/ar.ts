// Arabic for the labels most visible on the page; everything else falls back to English. Loaded as
// its own chunk; the page is then laid out right to left (locale-formats' directionOf). Counts
// stand after “السجلات” so the noun does not have to agree with the number.
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
} satisfies Translation<MainMessages>

const filterChips = {
  'filters.activeHeading': 'عوامل التصفية النشطة',
  'filters.remove': 'إزالة عامل التصفية {condition}',
  'filters.edit': 'تعديل عامل التصفية {condition}',
  'filters.clearAll': 'إزالة كل عوامل التصفية',
} satisfies Translation<FilterChipsMessages>

export const arabicTranslations: Translations = { main, filterChips }
