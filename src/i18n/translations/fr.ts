// The French interface, loaded as its own chunk when French is chosen. Written as a French public
// data portal writes (“enregistrements”, “jeu de données”, “jeton d’accès”), with French
// typography: a narrow no-break space before : ; ? ! and inside « guillemets ». Keys and
// placeholders are checked against the English catalogues by catalogues.test.ts.
import type { ChartMessages } from '../catalogues/chart'
import type { ColumnsMessages } from '../catalogues/columns'
import type { MapMessages } from '../catalogues/map'
import type { CopyCodeMessages } from '../catalogues/copy-code'
import type { EmbedCodeMessages } from '../catalogues/embed-code'
import type { ErrorMessages } from '../catalogues/errors'
import type { ExportMessages } from '../catalogues/export'
import type { CardsMessages } from '../catalogues/cards'
import type { CompactMessages } from '../catalogues/compact'
import type { FilterChipsMessages } from '../catalogues/filter-chips'
import type { FilterDialogMessages } from '../catalogues/filter-dialog'
import type { MainMessages } from '../catalogues/main'
import type { ProfileMessages } from '../catalogues/profile'
import type { SummaryMessages } from '../catalogues/summary'
import type { Translation, Translations } from '../translate'

const main = {
  'app.title': 'Explorateur de données',
  'app.pageTitle': '{table} – Explorateur de données',
  'app.dataFrom': 'Données de',
  'app.skipToTable': 'Aller au tableau',
  'app.inDataset': 'Jeu de données : {title}',
  'app.controls': 'Recherche et filtres',
  'app.addToken': 'Saisir un jeton d’accès',
  'app.removeFilter': 'Retirer le filtre sur {field}',
  'app.removeSort': 'Retirer le tri sur {field}',
  'app.sortInstead': 'Trier plutôt par {field}',
  'app.removeRanges': 'Retirer les filtres par plage',
  'app.clearSearch': 'Effacer la recherche',
  'app.export': 'Exporter',
  'app.profileStrip': 'Aperçus des colonnes',
  'app.copyAsCode': 'Copier en code…',
  'app.download': 'Télécharger…',
  'app.embedView': 'Intégrer cette vue…',
  'app.views': 'Afficher les enregistrements en',
  'app.viewTable': 'Tableau',
  'app.viewChart': 'Graphique',
  'app.viewCards': 'Fiches',
  'app.viewMap': 'Carte',
  'app.viewSummary': 'Synthèse',
  'app.backgroundError':
    'Les données les plus récentes n’ont pas pu être chargées : ce qui s’affiche n’est peut-être plus à jour.',
  'app.portalLocaleAdded':
    'L’adresse du portail n’indiquait aucune langue, l’anglais (« /en ») a donc été choisi : {url}',
  'app.tokenDropped': 'Le jeton d’accès a été oublié, car le portail a changé.',
  'app.loadingTable': 'Chargement du tableau…',
  'app.otherPortal': 'Ce lien mène à un autre portail : {host}',
  'app.embedNoTable': 'Aucun tableau à afficher : la page qui contient cet explorateur n’en indique aucun.',

  'display.menu': 'Langue et couleurs : {language}',
  'display.language': 'Langue',
  'display.theme': 'Couleurs',
  'display.themeSystem': 'Comme le système',
  'display.themeLight': 'Claires',
  'display.themeDark': 'Sombres',
  'cell.empty': '(vide)',
  'cell.false': 'faux',
  'cell.null': '—',
  'cell.true': 'vrai',

  'filters.addFilter': 'Ajouter un filtre',

  'ignored.title': 'Certaines parties du lien ont été ignorées :',
  'ignored.titleEmbed': 'Certains réglages de ce tableau ont été ignorés :',
  'ignored.filters.badJson': 'Les filtres ne sont pas du JSON valide : ils ont été ignorés.',
  'ignored.filters.notObject':
    'Les filtres doivent associer des noms de colonnes à des valeurs : ils ont été ignorés.',
  'ignored.hidden.bad':
    'La liste des colonnes masquées n’a pas pu être lue : toutes les colonnes sont affichées.',
  'ignored.columns.bad': 'L’ordre des colonnes n’a pas pu être lu : elles sont dans l’ordre du tableau.',
  'ignored.pinned.bad': 'La liste des colonnes gardées en vue n’a pas pu être lue : aucune n’est gardée.',
  'ignored.lang.bad': 'La langue « {value} » n’est pas disponible : la page reste dans la langue actuelle.',
  'ignored.limit.bad':
    'Le nombre de lignes « {value} » n’est pas un nombre entier supérieur à 0 : la valeur par défaut est utilisée.',
  'ignored.portal.bad':
    'L’adresse de portail « {value} » n’est pas une adresse web : le portail par défaut est utilisé.',
  'ignored.resource.bad': 'L’identifiant de tableau « {value} » n’est pas valide.',
  'ignored.search.bad':
    'Le mode de recherche « {value} » est inconnu : la recherche par début de mot est utilisée.',
  'ignored.sort.bad': 'L’ordre de tri « {value} » n’a pas pu être lu : l’ordre par défaut est utilisé.',
  'ignored.unsupported': 'Cet explorateur n’utilise pas le paramètre « {name} » du lien.',
  'ignored.view.bad':
    'Les enregistrements ne peuvent pas s’afficher en « {value} » : ils s’affichent selon l’écran.',
  'ignored.place.bad':
    'Les colonnes de position de la carte n’ont pas pu être lues (un ou deux noms de colonnes) : la carte les trouve elle-même.',
  'ignored.at.bad':
    'L’endroit de la carte « {value} » n’a pas pu être lu (latitude, longitude et zoom) : la carte montre tous les points.',
  'ignored.tiles.bad':
    'L’adresse des tuiles de la carte « {value} » n’est pas une adresse http(s) contenant le zoom, le x et le y de la tuile : les tuiles par défaut sont utilisées.',
  'limit.label': 'Limite',
  'limit.all': 'Toutes',
  'limit.custom': 'Autre…',
  'limit.customLabel': 'Limite personnalisée',
  'limit.apply': 'Appliquer',
  'limit.invalid': 'Saisissez un nombre entier supérieur ou égal à 1.',

  'picker.heading': 'Choisir un tableau',
  'picker.label': 'Tableau',
  'picker.placeholder': 'Saisissez un nom ou collez le lien d’un tableau',
  'picker.hint':
    'Saisissez une partie du nom d’un tableau pour le trouver, ou collez le lien de la page d’un tableau sur le portail.',
  'picker.open': 'Ouvrir',
  'picker.searching': 'Recherche en cours…',
  'picker.noMatch':
    'Aucun tableau ne correspond à « {text} ». Vous pouvez quand même coller le lien d’un tableau.',
  'picker.searchFailed':
    'Ce portail ne permet pas de chercher ses tableaux par leur nom. Collez plutôt le lien d’un tableau.',
  'picker.recent': 'Ouverts récemment',
  'picker.results': 'Tableaux de ce portail',
  'picker.openTyped': 'Ouvrir « {text} »',
  'picker.resultCount': {
    one: '{count} tableau trouvé',
    many: '{count} tableaux trouvés',
    other: '{count} tableaux trouvés',
  },
  'picker.inDataset': 'dans {title}',
  'picker.note.noLocale':
    'Le lien n’indique aucune langue (comme /fr) avant /dataset/ : l’adresse qui précède est donc utilisée comme portail.',
  'picker.note.notTakenOver': 'Ce lien indique aussi {names}, que l’explorateur n’utilise pas.',
  'picker.loadFailed':
    'Cette page n’a pas pu charger un élément nécessaire pour ouvrir un tableau. Vérifiez votre connexion, puis réessayez.',

  'empty.search': 'Rien dans ce tableau ne correspond à « {q} ».',
  'empty.filters': {
    one: 'Aucun enregistrement ne correspond au filtre.',
    many: 'Aucun enregistrement ne correspond à la fois aux {count} filtres.',
    other: 'Aucun enregistrement ne correspond à la fois aux {count} filtres.',
  },
  'empty.searchAndFilters': {
    one: 'Rien ne correspond à « {q} » avec ce filtre.',
    many: 'Rien ne correspond à « {q} » avec ces {count} filtres.',
    other: 'Rien ne correspond à « {q} » avec ces {count} filtres.',
  },
  'empty.table': 'Ce tableau ne contient aucun enregistrement.',
  'empty.matchPartOfWords': 'Chercher plutôt le début des mots',
  'tables.heading': 'Tableaux de {host}',
  'tables.loading': 'Chargement de la liste des tableaux…',
  'tables.listFailed':
    'Ce portail ne publie pas la liste de ses tableaux. Collez le lien d’un tableau dans le champ ci-dessus.',
  'tables.none': 'Ce portail n’a encore aucun tableau à explorer.',
  'tables.noMatch':
    'Aucun tableau ne correspond à « {text} ». Essayez avec moins de mots, ou des mots plus courts.',
  'tables.rows': { one: '{count} ligne', many: '{count} lignes', other: '{count} lignes' },
  'tables.stillLoading': 'Chargement en cours : {loaded} lignes sur {total}',
  'tables.recent': 'Ouverts récemment',
  'tables.showMore': {
    one: 'Afficher {count} autre tableau',
    many: 'Afficher {count} autres tableaux',
    other: 'Afficher {count} autres tableaux',
  },
  'portal.heading': 'Portail et accès',
  'portal.close': 'Fermer',
  'portal.addressLabel': 'Adresse du portail',
  'portal.addressHint':
    'L’adresse web d’un portail de données ouvertes, par exemple https://open.canada.ca/data/fr',
  'portal.usePortal': 'Utiliser ce portail',
  'portal.resetPortal': 'Revenir au portail par défaut',
  'portal.tokenLabel': 'Jeton d’accès',
  'portal.tokenHint':
    'Nécessaire uniquement pour les tableaux privés. Il n’est envoyé qu’à {host} et il est oublié au rechargement de la page.',
  'portal.tokenHintSession':
    'Nécessaire uniquement pour les tableaux privés. Il n’est envoyé qu’à {host} et il est oublié à la fermeture de cet onglet.',
  'portal.remember': 'Mémoriser pour cet onglet',
  'portal.useToken': 'Utiliser ce jeton',
  'portal.forgetToken': 'Oublier le jeton',
  'portal.tokenInUse': 'Un jeton est utilisé pour {host}.',
  'portal.emptyAddress': 'Saisissez l’adresse d’un portail.',
  'portal.notUrl': 'Ce n’est pas une adresse web. Saisissez par exemple https://demo.ckan.org/fr',
  'portal.notHttp': 'Seules les adresses http et https sont acceptées.',
  'portal.tokenWanted': 'Le tableau ouvert est privé : collez votre jeton d’accès ici.',

  'search.label': 'Rechercher',
  'search.placeholder': 'Mots à trouver dans toutes les colonnes',
  'search.wholeWords': 'Mots entiers uniquement',
  'search.hint': 'Trouve les enregistrements dont un mot commence par ce que vous saisissez.',
  'search.hintWhole': 'Trouve les enregistrements qui contiennent ces mots entiers.',

  'status.range': '{from}–{to} sur {total} enregistrements',
  'status.rangeEstimated': '{from}–{to} sur environ {total} enregistrements',
  'status.rangeUnknown': '{from}–{to} enregistrements',
  'status.none': 'Aucun enregistrement ne correspond',
  'status.all': {
    one: '{count} enregistrement',
    many: 'Tous les {count} enregistrements',
    other: 'Tous les {count} enregistrements',
  },
  'status.loading': 'Chargement des enregistrements…',
  'status.updating': 'Mise à jour…',
  'status.stillWaiting':
    'En attente du portail, qui est lent à répondre. L’attente s’arrêtera au bout de {seconds} secondes.',
  'status.filteredInBrowser': 'Filtré dans votre navigateur : ce portail ne sait pas filtrer par plage.',
  'status.throughProxy':
    'Données lues par le serveur de cet explorateur : le portail ne permet pas à d’autres sites web de lire directement ses données.',
  'status.estimatedHint':
    'Le total est une estimation du portail : un comptage exact serait lent sur un tableau aussi grand.',

  'table.columns.button': 'Colonnes',
  'table.columns.close': 'Fermer',
  'table.columns.legend': 'Afficher ou masquer des colonnes',
  'table.columns.lastVisible': 'Au moins une colonne doit rester visible.',
  'table.columns.showAll': 'Tout afficher',
  'table.columns.summary': '{shown} sur {total} affichées',
  'table.columns.offerPin': 'Garder {column} en vue',
  'table.columns.offerPinHint': 'Elle reste au début du tableau quand vous le faites défiler sur le côté.',
  'table.columns.dismissOffer': 'Pas maintenant',
  'table.columns.moved': '{column} est maintenant à la place {position} sur {count}.',
  'table.columns.pinned': '{column} reste en vue quand le tableau défile sur le côté.',
  'table.columns.unpinned': '{column} défile de nouveau avec les autres colonnes.',
  'table.columns.reset': 'Les colonnes ont retrouvé l’ordre, les largeurs et l’affichage du tableau.',
  'table.cell.empty': 'Texte vide',
  'table.cell.expand': 'Afficher la valeur complète de {column}',
  'table.cell.loading': 'Chargement',
  'table.cell.loadFailed': 'Chargement impossible',
  'table.cell.null': 'Aucune valeur (null)',
  'table.dialog.close': 'Fermer',
  'table.dialog.title': '{column}, ligne {row}',
  'table.grid.label': 'Enregistrements',
  'table.grid.loadFailed': 'Certaines lignes n’ont pas pu être chargées.',
  'table.grid.noColumns': 'Toutes les colonnes sont masquées.',
  'table.grid.moreColumns': 'D’autres colonnes : faites défiler horizontalement',
  'table.grid.retry': 'Réessayer',
  'table.header.described': '{label} ({id})',
  'table.header.resize': 'Redimensionner la colonne {column}',
  'table.header.rowNumber': 'Numéro de ligne',
  'table.header.rowNumberSymbol': '#',
  'table.header.sortedAsc': 'tri croissant',
  'table.header.sortedDesc': 'tri décroissant',
  'table.header.sortPosition': { ordinal: { one: '{count}er', other: '{count}e' } },
  'table.header.sortHint': 'Cliquez pour trier. Maj+clic ajoute un critère de tri.',
  'table.header.sortMenuHint':
    'Cliquez pour trier. Maj+clic ajoute un critère de tri. Faites glisser pour déplacer la colonne. Alt+Flèche bas ouvre le menu de la colonne, qui la déplace aussi.',
  'table.header.pinned': 'gardée en vue',
  'table.menu.open': 'Menu de la colonne : {column}',
  'table.menu.symbol': '⋮',
  'table.menu.label': 'Colonne {column}',
  'table.menu.sortAsc': 'Trier par ordre croissant',
  'table.menu.sortDesc': 'Trier par ordre décroissant',
  'table.menu.filter': 'Filtrer cette colonne…',
  'table.menu.profile': 'Profil de cette colonne…',
  'table.menu.hide': 'Masquer cette colonne',
  'table.sort.local': 'Trié dans votre navigateur : les {count} enregistrements sont tous chargés.',
  'table.type.bool': 'Colonne vrai/faux',
  'table.type.date': 'Colonne de dates',
  'table.type.json': 'Colonne de données structurées (JSON)',
  'table.type.number': 'Colonne de nombres',
  'table.type.text': 'Colonne de texte',
  'table.type.time': 'Colonne d’heures',
  'table.type.timestamp': 'Colonne de dates et heures',
  'table.type.array': 'Colonne de listes',

  'ui.close': 'Fermer',
  'ui.details': 'Détails techniques',
  'ui.dismiss': 'Masquer',
  'ui.loading': 'Chargement…',
  'ui.retry': 'Réessayer',
  'ui.crashTitle': 'Cette partie de la page a cessé de fonctionner',
  'ui.crashAction':
    'Un problème inattendu est survenu pendant l’affichage des données. Réessayez ou rechargez la page.',
} satisfies Translation<MainMessages>

const errors = {
  'error.aborted.action':
    'Rien à faire : la requête a été annulée, car une requête plus récente l’a remplacée.',
  'error.aborted.title': 'Requête annulée',
  'error.badRequest.action':
    'Le portail n’a pas compris la requête. Vérifiez l’adresse du portail, ou ouvrez le tableau sur le site du portail.',
  'error.badRequest.title': 'Le portail a refusé la requête',
  'error.brokenAnswer.action':
    'Les données sont arrivées incomplètes ou abîmées, peut-être à cause d’une coupure de connexion. Réessayez ; si le problème persiste, choisissez moins de lignes.',
  'error.brokenAnswer.title': 'La réponse du portail a été interrompue',
  'error.contract.action':
    'Le portail a répondu, mais pas sous la forme d’un DataStore CKAN. Vérifiez l’adresse du portail, ou réessayez plus tard.',
  'error.contract.title': 'Le portail a envoyé des données dans un format inattendu',
  'error.cors.action':
    'Ce portail ne permet pas à d’autres sites web de lire ses données, ou il est injoignable. Vous pouvez ouvrir le tableau sur le site du portail, demander à l’équipe du portail d’autoriser la lecture par d’autres sites, ou lancer cet explorateur sur votre ordinateur avec « npm start » : son serveur sait lire les portails qui bloquent les autres sites.',
  'error.cors.title': 'Le portail est bloqué ou injoignable depuis cette page',
  'error.datastoreMissing.action':
    'Ce portail ne permet pas d’explorer ses tableaux. Consultez plutôt les données sur le site du portail.',
  'error.datastoreMissing.title': 'Ce portail n’a pas de DataStore',
  'error.forbidden.action':
    'Ce tableau est privé. Si vous avez un compte sur le portail, ajoutez votre jeton d’accès (disponible dans votre compte sur le portail) et réessayez.',
  'error.forbidden.title': 'Vous n’avez pas le droit de lire ce tableau',
  'error.invalidField.action':
    'Retirez ou modifiez {part} sur « {field} » : le portail ne connaît pas cette colonne.',
  'error.invalidField.title': 'Le portail n’a pas accepté {part} sur « {field} »',
  'error.invalidQuery.action':
    'Le portail n’a pas pu effectuer cette recherche. Modifiez les mots recherchés ou les filtres, puis réessayez.',
  'error.invalidQuery.title': 'Le portail n’a pas pu effectuer cette recherche',
  'error.network.action': 'Vérifiez votre connexion internet et l’adresse du portail, puis réessayez.',
  'error.network.title': 'Le portail est injoignable',
  'error.notCkan.action':
    'Cette adresse a renvoyé une page web au lieu de données. Vérifiez qu’il s’agit bien de l’adresse d’un portail CKAN (elle se termine en général par une langue, comme /fr).',
  'error.notCkan.title': 'Cette adresse ne semble pas être celle d’un portail CKAN',
  'error.notFound.action':
    'Vérifiez le lien ou le nom du tableau. Il a peut-être été supprimé, ou le portail ne permet pas de l’explorer.',
  'error.notFound.title': 'Tableau introuvable',
  'error.operatorsUnsupported.title': 'Ce portail ne sait pas filtrer ce tableau par plage',
  'error.operatorsUnsupported.action':
    'Le portail utilise une version de CKAN antérieure à 2.12, qui ne filtre que par valeurs exactes, et l’explorateur ne peut pas appliquer ce filtre dans votre navigateur exactement comme le portail le ferait. Vos autres filtres sont conservés.',
  'error.operatorsUnsupported.tooMany':
    'Le portail utilise une version de CKAN antérieure à 2.12, qui ne filtre que par valeurs exactes. {matching} enregistrements correspondent à votre recherche et à vos autres filtres : plus que les {cap} qu’il envoie d’un coup, l’explorateur ne peut donc pas non plus appliquer la plage dans votre navigateur. Vos autres filtres sont conservés : restreignez l’affichage avec eux ou une recherche, ou triez plutôt par la colonne.',
  'error.part.fields': 'le choix des colonnes',
  'error.part.filters': 'le filtre',
  'error.part.q': 'la recherche',
  'error.part.sort': 'le tri',
  'error.proxyRefused.title': 'Le serveur de cet explorateur a refusé de lire ce portail',
  'error.server.action':
    'Le portail a rencontré un problème pour répondre. Patientez un instant, puis réessayez.',
  'error.server.title': 'Le portail a rencontré une erreur interne',
  'error.slowPortal.action':
    'Le portail n’a pas répondu en {seconds} secondes. Il est peut-être surchargé : réessayez, ou affinez la recherche avec des filtres.',
  'error.slowPortal.title': 'Le portail tarde à répondre',
  'error.timeout.action':
    'Affinez la recherche : ajoutez un filtre ou des mots à chercher, ou désactivez le comptage exact des lignes, puis réessayez.',
  'error.timeout.title': 'La recherche a pris trop de temps',
  'error.unknown.action': 'Réessayez. Si le problème persiste, ouvrez le tableau sur le site du portail.',
  'error.unknown.title': 'Une erreur est survenue',
  'error.validation.action':
    'Le portail a refusé une partie de la requête : {details}. Modifiez-la, puis réessayez.',
  'error.validation.title': 'Le portail n’a pas accepté la requête',
  'resourceInput.badUrl':
    'Ce lien ne mène pas à un tableau. Collez le lien de la page d’un tableau sur le portail.',
  'resourceInput.empty': 'Saisissez le nom d’un tableau ou collez le lien d’un tableau.',
  'resourceInput.notId':
    'Aucun tableau ne porte ce nom. Le code d’un tableau ressemble à 1b2c3d4e-0000-… ou à un nom court.',
} satisfies Translation<ErrorMessages>

const filterChips = {
  'filters.activeHeading': 'Filtres actifs',
  'filters.showing': 'Seuls les enregistrements où {summary} sont affichés.',
  'filters.clause': '{field} vaut {values}',
  'filters.range': '{field} {range}',
  'filters.between': 'de {from} à {to}',
  'filters.atLeast': 'à partir de {value}',
  'filters.atMost': 'jusqu’à {value}',
  'filters.moreThan': 'au-delà de {value}',
  'filters.lessThan': 'en dessous de {value}',
  'filters.betweenDates': 'du {from} au {to}',
  'filters.onOrAfter': 'le {value} ou après',
  'filters.onOrBefore': 'le {value} ou avant',
  'filters.after': 'après le {value}',
  'filters.before': 'avant le {value}',
  'filters.either': 'soit {options}',
  'filters.group': '({clause})',
  'filters.noValue': '{field} vaut une valeur d’une liste vide (aucun enregistrement)',
  'filters.unknownOperator': '{field} {operator} {value}',
  'filters.asSent': 'le filtre {json}',
  'filters.remove': 'Retirer le filtre {condition}',
  'filters.edit': 'Modifier le filtre {condition}',
  'filters.clearAll': 'Retirer tous les filtres',
  'filters.area': 'Dans la zone tracée',
} satisfies Translation<FilterChipsMessages>

const filterDialog = {
  'filterDialog.dialogTitle': 'Filtrer les enregistrements',
  'filterDialog.editTitle': 'Modifier le filtre sur {field}',
  'filterDialog.field': 'Colonne à filtrer',
  'filterDialog.chooseField': 'Choisir une colonne…',
  'filterDialog.condition': 'Garder les enregistrements dont la valeur est',
  'filterDialog.opAny': 'l’une de ces valeurs',
  'filterDialog.opBetween': 'entre deux nombres',
  'filterDialog.opAtLeast': 'au moins',
  'filterDialog.opAtMost': 'au plus',
  'filterDialog.opMoreThan': 'supérieure à',
  'filterDialog.opLessThan': 'inférieure à',
  'filterDialog.opBetweenDates': 'entre deux dates',
  'filterDialog.opOnOrAfter': 'à partir d’une date',
  'filterDialog.opOnOrBefore': 'jusqu’à une date',
  'filterDialog.from': 'De',
  'filterDialog.to': 'À',
  'filterDialog.number': 'Nombre',
  'filterDialog.date': 'Date',
  'filterDialog.rangeHint': 'Les deux bornes sont comprises.',
  'filterDialog.rangeHintDates': 'Les deux jours sont compris, en entier.',
  'filterDialog.typedHint': 'Vous pouvez aussi saisir une comparaison, par exemple >40, <=2014 ou 10-20.',
  'filterDialog.readAs': 'Compris comme « {condition} » : vérifiez, puis appliquez.',
  'filterDialog.valuesHint':
    'Les enregistrements qui correspondent à l’une des valeurs choisies sont conservés. Les filtres sur des colonnes différentes doivent tous correspondre, de même que deux filtres sur une même colonne.',
  'filterDialog.suggestions': 'Valeurs de cette colonne',
  'filterDialog.suggestionsLoading': 'Chargement des valeurs de cette colonne…',
  'filterDialog.suggestionsFailed':
    'Les valeurs de cette colonne n’ont pas pu être chargées. Vous pouvez quand même saisir une valeur.',
  'filterDialog.suggestionsNone': 'Aucune valeur à proposer.',
  'filterDialog.suggestionsMore':
    'Seules les {count} premières valeurs sont listées. Saisissez une valeur pour filtrer sur une autre.',
  'filterDialog.typeValue': 'Valeur à ajouter',
  'filterDialog.typeBool': 'Valeur',
  'filterDialog.chooseBool': 'Choisir…',
  'filterDialog.addValue': 'Ajouter la valeur',
  'filterDialog.chosen': 'Valeurs choisies',
  'filterDialog.noneChosen': 'Aucune valeur choisie pour l’instant.',
  'filterDialog.removeValue': 'Retirer la valeur {value}',
  'filterDialog.apply': 'Appliquer le filtre',
  'filterDialog.cancel': 'Annuler',
  'filterDialog.needField': 'Choisissez d’abord une colonne.',
  'filterDialog.needValue': 'Choisissez ou saisissez au moins une valeur.',
  'filterDialog.problemEmpty': 'Saisissez d’abord une valeur.',
  'filterDialog.problemNumber':
    'Cette colonne contient des nombres : saisissez un nombre comme 42 ou 3,5, ou une comparaison comme >40 ou 10-20.',
  'filterDialog.problemSeparator':
    'Ce nombre n’est pas écrit comme le français écrit les nombres : saisissez-le comme 1234,5 ou 1 234,5.',
  'filterDialog.problemOrder': 'La première borne est après la seconde : inversez-les.',
  'filterDialog.problemDate':
    'Cette colonne contient des dates : utilisez le sélecteur de date ou saisissez une date au format 2024-01-31.',
  'filterDialog.problemBool': 'Choisissez vrai ou faux.',
  'filterDialog.true': 'vrai',
  'filterDialog.false': 'faux',
  'filterDialog.count': {
    one: '{count} enregistrement',
    many: '{count} enregistrements',
    other: '{count} enregistrements',
  },
} satisfies Translation<FilterDialogMessages>

const profile = {
  'profile.title': 'Profil d’une colonne',
  'profile.column': 'Colonne',
  'profile.type': 'Type',
  'profile.records': 'Enregistrements',
  'profile.empty': 'Valeurs vides',
  'profile.distinct': 'Valeurs différentes',
  'profile.min': 'Plus petite',
  'profile.max': 'Plus grande',
  'profile.earliest': 'Plus ancienne',
  'profile.latest': 'Plus récente',
  'profile.mean': 'Moyenne',
  'profile.median': 'Médiane',
  'profile.exact': 'exact, sur tous les enregistrements correspondants',
  'profile.sampled': 'd’après un échantillon de {sample} enregistrements sur {total}',
  'profile.distribution': 'Répartition des valeurs',
  'profile.distributionSummary':
    '{count} valeurs de {min} à {max} en {bins} groupes ; le groupe le plus fourni, de {from} à {to}, en compte {most}.',
  'profile.rangeGroup': 'Filtrer {column} sur une plage',
  'profile.rangeBar': {
    one: 'De {from} à {to} : 1 valeur. Filtrer sur cette plage',
    other: 'De {from} à {to} : {count} valeurs. Filtrer sur cette plage',
  },
  'profile.rangeHint':
    'Choisissez une barre pour filtrer sur sa plage, ou glissez sur plusieurs barres pour une plage plus large.',
  'profile.topValues': 'Valeurs les plus fréquentes',
  'profile.filterOn': 'Filtrer sur {value}',
  'profile.measuring': 'Mesure en cours…',
  'profile.failed': 'Mesure impossible',
  'profile.noValues': 'Cette colonne n’a aucune valeur ici.',
  'profile.share': '{count} ({percent})',
  'profile.stripEmpty': 'vides : {percent}',
  'profile.stripRange': '{column} : {empty} de valeurs vides ; valeurs de {min} à {max} ({how}).',
  'profile.stripTop': '{column} : {empty} de valeurs vides ; valeurs les plus fréquentes : {values} ({how}).',
  'profile.stripNone': '{column} : {empty} de valeurs vides ({how}).',
  'profile.stripFailed': 'Aperçu indisponible',
} satisfies Translation<ProfileMessages>

const chart = {
  'chart.x': 'En abscisse (X)',
  'chart.y': 'En ordonnée (Y)',
  'chart.kind': 'Graphique',
  'chart.kindLine': 'Courbe',
  'chart.kindBar': 'Barres (total par valeur)',
  'chart.kindScatter': 'Nuage de points',
  'chart.title': '{y} selon {x}',
  'chart.titleTotal': 'Total de {y} selon {x}',
  'chart.legend': 'Légende',
  'chart.summary':
    '{kind} des {count} enregistrements affichés : {x} de {xmin} à {xmax} ; {y} de {ymin} à {ymax}.',
  'chart.summaryBars':
    'Diagramme en barres de {count} valeurs de {x}, d’après les enregistrements affichés ; le plus grand total, {top}, vaut {value}.',
  'chart.nothing': 'Choisissez une colonne de nombres en Y : ces enregistrements n’en ont aucune à tracer.',
  'chart.noPoints': 'Aucun enregistrement affiché n’a de valeur dans les deux colonnes.',
  'chart.asTable': 'Les mêmes données en tableau',
  'chart.onlyShown':
    'Le graphique trace les enregistrements affichés dans le tableau (la limite s’applique).',
  'chart.over': 'Tracer',
  'chart.overShown': 'Chaque enregistrement affiché',
  'chart.overDay': 'Tous les enregistrements trouvés, par jour',
  'chart.overMonth': 'Tous les enregistrements trouvés, par mois',
  'chart.overQuarter': 'Tous les enregistrements trouvés, par trimestre',
  'chart.overYear': 'Tous les enregistrements trouvés, par année',
  'chart.figure': 'Valeur',
  'chart.figureSum': 'Total de {y}',
  'chart.figureAvg': 'Moyenne de {y}',
  'chart.titleOver': '{figure} par {part} de {x}',
  'chart.partDay': 'jour',
  'chart.partMonth': 'mois',
  'chart.partQuarter': 'trimestre',
  'chart.partYear': 'année',
  'chart.summaryOver':
    'Courbe de {figure} sur {count} périodes de {x}, de {xmin} à {xmax} ; de {ymin} à {ymax}.',
  'chart.overNote':
    'Le graphique trace tous les enregistrements trouvés, résumés par période (pas seulement ceux affichés) ; la progression ci-dessus dit combien il en a lus.',
} satisfies Translation<ChartMessages>

const columns = {
  'columns.moveLeft': 'Déplacer à gauche',
  'columns.moveRight': 'Déplacer à droite',
  'columns.keepInView': 'Garder en vue',
  'columns.stopKeeping': 'Ne plus garder en vue',
  'columns.fitWidth': 'Ajuster la largeur',
  'columns.narrower': 'Plus étroite',
  'columns.wider': 'Plus large',
  'columns.moveUp': 'Monter {column}',
  'columns.moveDown': 'Descendre {column}',
  'columns.upSymbol': '↑',
  'columns.downSymbol': '↓',
  'columns.kept': 'gardée en vue',
  'columns.reset': 'Rétablir les colonnes',
} satisfies Translation<ColumnsMessages>

const copyCode = {
  'copyCode.title': 'Copier en code',
  'copyCode.intro':
    'Les mêmes enregistrements que le tableau, avec la même recherche, les mêmes filtres, le même tri, la même limite et les colonnes affichées.',
  'copyCode.forms': 'Forme',
  'copyCode.link': 'Lien de la page',
  'copyCode.apiUrl': 'Adresse de l’API',
  'copyCode.curl': 'curl',
  'copyCode.python': 'Python',
  'copyCode.javascript': 'JavaScript',
  'copyCode.r': 'R',
  'copyCode.linkHint':
    'L’adresse de cette page : elle ouvre la même vue. Elle ne contient jamais votre jeton.',
  'copyCode.apiUrlHint': 'Un appel à datastore_search ; le portail répond en JSON.',
  'copyCode.apiUrlAllHint':
    'Avec « Toutes », un appel donne au plus {count} enregistrements (moins si le portail en envoie moins) : le code Python, JavaScript et R lit tous les enregistrements, page après page.',
  'copyCode.curlHint': 'Un appel à datastore_search avec la requête en JSON ; le portail répond en JSON.',
  'copyCode.curlDumpHint':
    'Télécharge les enregistrements en CSV par l’adresse d’export du portail (/datastore/dump), en une fois.',
  'copyCode.pythonHint': 'Python 3 avec le paquet requests. Affiche les enregistrements en JSON.',
  'copyCode.javascriptHint':
    'Node.js 18 ou plus récent, avec son propre fetch. Affiche les enregistrements en JSON.',
  'copyCode.rHint': 'R avec le paquet httr2.',
  'copyCode.tokenHint':
    'Ce tableau est lu avec votre jeton d’accès. Le code le lit dans la variable d’environnement CKAN_API_TOKEN et ne le contient jamais : définissez d’abord cette variable.',
  'copyCode.addressTokenHint': 'Sans le jeton, le portail refuse cette adresse : utilisez plutôt le code.',
  'copyCode.inexactHint':
    'Un nom de colonne contient une virgule, qu’une adresse ne peut pas transmettre telle quelle : le code l’envoie exactement.',
  'copyCode.summaryTitle': 'Copier la synthèse en code',
  'copyCode.summaryIntro':
    'La même synthèse, calculée sur tous les enregistrements correspondants : le programme les lit avec la même requête (la recherche et les filtres, seulement les colonnes utiles à la synthèse) et les regroupe de la même façon.',
  'copyCode.pandas': 'Python (pandas)',
  'copyCode.dplyr': 'R (dplyr)',
  'copyCode.loop': 'JavaScript',
  'copyCode.pandasHint':
    'Python 3 avec les paquets pandas et requests. Affiche les groupes sous forme de tableau.',
  'copyCode.dplyrHint': 'R avec les paquets httr2 et dplyr. Affiche les groupes sous forme de tableau.',
  'copyCode.loopHint':
    'Node.js 18 ou plus récent, avec son propre fetch. Affiche les groupes sous forme de tableau.',
  'copyCode.operatorsHint':
    'Ce portail utilise une version de CKAN antérieure à 2.12, qui ne sait pas filtrer par plage : il refuse ces filtres, ou répond à une plage sur du texte sans aucun enregistrement. L’explorateur les a appliqués dans votre navigateur ; ce code ne le peut pas.',
  'copyCode.copy': 'Copier',
  'copyCode.copied': 'Copié',
  'copyCode.copyRefused':
    'Le navigateur n’a pas permis à cette page de copier. Sélectionnez le texte et copiez-le vous-même.',
} satisfies Translation<CopyCodeMessages>

const embedCode = {
  'embedCode.title': 'Intégrer cette vue',
  'embedCode.intro':
    'Affichez ce tableau dans une autre page web, par exemple la page d’un jeu de données de votre portail, avec la même recherche, les mêmes filtres, le même tri, la même limite et les mêmes colonnes\u202f: copiez le code dans le HTML de la page.',
  'embedCode.form': 'Comment la page l’affiche',
  'embedCode.element': 'En élément\u202f: un script et une balise',
  'embedCode.elementHint': 'Prend la police de la page, et ses couleurs par quelques propriétés CSS.',
  'embedCode.iframe': 'En iframe',
  'embedCode.iframeHint':
    'Pour les pages qui ne peuvent pas ajouter de script, comme la vue «\u202fPage web\u202f» de CKAN.',
  'embedCode.height': 'Hauteur en pixels',
  'embedCode.heightHint': 'De {min} à {max}.',
  'embedCode.heightError':
    'Saisissez un nombre entier de pixels de {min} à {max}. Le code garde {height} en attendant.',
  'embedCode.picker': 'Permettre aux lecteurs d’ouvrir les autres tableaux du portail',
  'embedCode.code': 'Code à coller',
  'embedCode.tokenHint':
    'Ce tableau est privé. Le code ne contient jamais votre jeton\u202f: la page en donne un depuis son propre script, comme propriété\u202f: {code}',
  'embedCode.tokenComment':
    'Ce tableau est privé. Donnez à l’élément un jeton d’API depuis le script de la page, jamais dans le HTML\u202f: {code}',
  'embedCode.iframeTokenHint':
    'Ce tableau est privé, et une iframe ne peut pas recevoir de jeton\u202f: les lecteurs devraient en saisir un. Choisissez plutôt l’élément.',
  'embedCode.preview': 'Aperçu',
  'embedCode.previewHint': 'Exactement ce que montre le code, en direct\u202f: essayez-le.',
  'embedCode.previewFailed':
    'L’aperçu n’a pas pu charger le script de l’explorateur ({detail}). Le code reste juste\u202f: ce serveur sert peut-être une application non construite (lancez npm run build).',
  'embedCode.frameTitle': '{table} – Explorateur de données',
  'embedCode.copy': 'Copier le code',
  'embedCode.copied': 'Copié',
  'embedCode.copyRefused':
    'Le navigateur n’a pas permis à cette page de copier. Sélectionnez le code et copiez-le vous-même.',
} satisfies Translation<EmbedCodeMessages>

const exportMessages = {
  'export.title': 'Télécharger les enregistrements',
  'export.format': 'Format',
  'export.csv': 'CSV, valeurs séparées par des virgules',
  'export.csvBom': 'Pour Excel (pour qu’il lise bien les accents et les autres alphabets)',
  'export.json': 'JSON, une liste d’enregistrements',
  'export.xlsx': 'Classeur Excel (.xlsx)',
  'export.xlsxTooMany':
    'Une feuille Excel contient au plus {max} enregistrements : choisissez CSV ou JSON pour davantage.',
  'export.summary': {
    one: 'Le fichier contient {count} enregistrement trouvé, avec les {columns} colonnes affichées, trié comme ici.',
    other:
      'Le fichier contient les {count} enregistrements trouvés, avec les {columns} colonnes affichées, triés comme ici.',
  },
  'export.summaryAll':
    'Le fichier contient tous les enregistrements trouvés, avec les {columns} colonnes affichées, triés comme ici.',
  'export.fileName': 'Nom du fichier : {name}',
  'export.noColumns': 'Toutes les colonnes sont masquées : affichez-en au moins une pour télécharger.',
  'export.start': 'Télécharger',
  'export.cancel': 'Annuler',
  'export.preparing': 'Comptage des enregistrements…',
  'export.progress': '{done} enregistrements sur {total}',
  'export.progressNoTotal': '{done} enregistrements',
  'export.secondsLeft': {
    one: 'Environ {count} seconde restante',
    other: 'Environ {count} secondes restantes',
  },
  'export.minutesLeft': {
    one: 'Environ {count} minute restante',
    other: 'Environ {count} minutes restantes',
  },
  'export.done': {
    one: '{count} enregistrement enregistré dans {name}.',
    other: '{count} enregistrements enregistrés dans {name}.',
  },
  'export.cancelled': 'Téléchargement annulé : aucun fichier n’a été enregistré.',
  'export.failed': 'Le téléchargement a échoué, et aucun fichier n’a été enregistré.',
  'export.failedNetwork': 'Le portail est injoignable, même après 3 nouvelles tentatives.',
  'export.failedServer': 'Le portail a répondu par une erreur, même après 3 nouvelles tentatives.',
  'export.failedBusy':
    'Le portail a demandé de ralentir, même après 3 nouvelles tentatives. Réessayez dans une minute.',
  'export.failedIncomplete': 'Le portail a envoyé {records} des {total} enregistrements qu’il a comptés.',
  'export.failedRefused': 'Le portail a refusé de donner ces enregistrements : {detail}',
  'export.failedOperators':
    'Ce portail (CKAN antérieur à 2.12) ne sait pas filtrer par plage, et plus d’enregistrements correspondent à ses autres filtres que l’explorateur ne peut en filtrer dans votre navigateur. Restreignez l’affichage avec une recherche ou d’autres filtres.',
  'export.failedDisk': 'Le fichier n’a pas pu être écrit : {detail}',
  'export.tryAgain': 'Réessayer',
  'export.csvFile': 'Fichier CSV',
  'export.jsonFile': 'Fichier JSON',
  'export.xlsxFile': 'Classeur Excel',
  'export.recordsSheet': 'Enregistrements',
  'export.columnsSheet': 'Colonnes',
  'export.columnId': 'Colonne',
  'export.columnLabel': 'Libellé',
  'export.columnNotes': 'Notes',
} satisfies Translation<ExportMessages>

const compact = {
  'app.menu': 'Menu',
  'app.options': 'Filtres',
  'app.optionsName': {
    one: 'Filtres et options, 1 filtre actif',
    other: 'Filtres et options, {count} filtres actifs',
  },
  'app.optionsTitle': 'Filtres et options',
  'app.optionsDone': 'Voir les enregistrements',
} satisfies Translation<CompactMessages>

const cards = {
  'cards.list': 'Enregistrements',
  'cards.record': 'Enregistrement',
  'cards.loading': 'Chargement…',
  'cards.failed': 'Des enregistrements n’ont pas pu être chargés.',
  'cards.retry': 'Réessayer',
} satisfies Translation<CardsMessages>
const map = {
  'map.region': 'Carte des enregistrements trouvés',
  'map.count': { one: '{count} enregistrement sur la carte', other: '{count} enregistrements sur la carte' },
  'map.countOf': '{count} enregistrements sur {total} sur la carte, chargement en cours…',
  'map.loading': 'Chargement des positions…',
  'map.unusable': {
    one: '{count} enregistrement n’a pas de position utilisable (aucune, hors limites, ou exactement 0,0).',
    other:
      '{count} enregistrements n’ont pas de position utilisable (aucune, hors limites, ou exactement 0,0).',
  },
  'map.unusableIds': 'Leur _id : {ids}',
  'map.failed': 'Les positions n’ont pas pu être chargées : {reason}',
  'map.filterView': 'Filtrer sur cette vue',
  'map.drawArea': 'Tracer une zone',
  'map.drawing': 'Faites glisser sur la carte pour tracer la zone (Échap pour arrêter)',
  'map.inView': 'Points visibles ({count})',
  'map.inViewMore': 'Les {shown} premiers des {count} points visibles :',
  'map.pointLabel': '{label} à {lat}, {lon}',
  'map.noLabel': 'Enregistrement {id}',
  'map.record': 'Enregistrement {id}',
  'map.closeRecord': 'Fermer l’enregistrement',
  'map.loadingRecord': 'Chargement de l’enregistrement…',
  'map.columns': 'Position lue dans',
  'map.tilesFailed':
    'Les tuiles de la carte n’ont pas pu être chargées : seuls les côtes et les frontières sont affichés.',
  'map.attributionOsm': '© les contributeurs d’OpenStreetMap',
  'map.attributionOutline': 'Contours : Natural Earth',
  'map.sample':
    'Trop nombreux pour tous les dessiner : un échantillon aléatoire de {count} des {usable} enregistrements ayant une position est sur la carte.',
  'map.cell': {
    one: '{count} enregistrement ici',
    other: '{count} enregistrements ici : sélectionnez pour zoomer',
  },
  'map.showInTable': 'Voir dans le tableau',
  'map.choose': 'Changer',
  'map.chooseKind': 'Où se trouve chaque position',
  'map.choosePair': 'Deux colonnes : latitude et longitude',
  'map.chooseSingle': 'Une colonne (un point GeoJSON ou un texte « lat, lon »)',
  'map.latitude': 'Colonne de latitude',
  'map.longitude': 'Colonne de longitude',
  'map.positionColumn': 'Colonne des positions',
  'map.chooseTwo': 'Choisissez deux colonnes différentes : une pour la latitude, une pour la longitude.',
  'map.useColumns': 'Utiliser ces colonnes',
  'map.findColumns': 'Les trouver pour moi',
} satisfies Translation<MapMessages>
const summary = {
  'summary.loading': 'Préparation de la synthèse…',
  'summary.noColumns': 'Ce tableau n’a aucune colonne par laquelle regrouper ses enregistrements.',
  'summary.controls': 'Que synthétiser',
  'summary.groupBy': 'Regrouper par',
  'summary.thenBy': 'Puis par',
  'summary.nothing': '(rien)',
  'summary.how': 'Groupes par',
  'summary.how.value': 'Chaque valeur',
  'summary.how.day': 'Jour',
  'summary.how.month': 'Mois',
  'summary.how.quarter': 'Trimestre',
  'summary.how.year': 'Année',
  'summary.how.range': 'Tranches',
  'summary.width': 'Largeur des tranches',
  'summary.widthBad': 'La largeur doit être un nombre supérieur à 0.',
  'summary.show': 'Afficher',
  'summary.kind.count': 'Nombre d’enregistrements',
  'summary.kind.sum': 'Total',
  'summary.kind.avg': 'Moyenne',
  'summary.kind.min': 'Minimum',
  'summary.kind.max': 'Maximum',
  'summary.figure.sum': 'Total de {column}',
  'summary.figure.avg': 'Moyenne de {column}',
  'summary.figure.min': 'Minimum de {column}',
  'summary.figure.max': 'Maximum de {column}',
  'summary.figureKind': 'Chiffre',
  'summary.figureColumn': 'De',
  'summary.add': 'Ajouter',
  'summary.removeFigure': 'Retirer « {figure} »',
  'summary.noNumbers': 'Ce tableau n’a aucune colonne de nombres : la synthèse compte les enregistrements.',
  'summary.counting': {
    one: '{done} sur {count} enregistrement correspondant comptés…',
    other: '{done} sur {count} enregistrements correspondants comptés…',
  },
  'summary.countingNoTotal': '{done} enregistrements comptés…',
  'summary.secondsLeft': { one: 'encore {count} seconde environ', other: 'encore {count} secondes environ' },
  'summary.minutesLeft': { one: 'encore {count} minute environ', other: 'encore {count} minutes environ' },
  'summary.cancel': 'Annuler',
  'summary.done': {
    one: 'Porte sur l’unique enregistrement correspondant.',
    other: 'Porte sur tous les enregistrements correspondants : {count}.',
  },
  'summary.cancelled': {
    one: 'Annulée : ne porte que sur les {done} premiers des {count} enregistrements correspondants.',
    other: 'Annulée : ne porte que sur les {done} premiers des {count} enregistrements correspondants.',
  },
  'summary.cancelledNoTotal':
    'Annulée : ne porte que sur les {done} premiers enregistrements correspondants.',
  'summary.failed': {
    one: '{reason} Cette synthèse ne porte que sur les {done} premiers des {count} enregistrements correspondants.',
    other:
      '{reason} Cette synthèse ne porte que sur les {done} premiers des {count} enregistrements correspondants.',
  },
  'summary.failedNoTotal':
    '{reason} Cette synthèse ne porte que sur les {done} premiers enregistrements correspondants.',
  'summary.reason.network': 'Le portail a cessé de répondre.',
  'summary.reason.server': 'Le portail a échoué en envoyant les enregistrements.',
  'summary.reason.busy': 'Le portail est trop occupé pour envoyer plus d’enregistrements maintenant.',
  'summary.reason.incomplete': 'Le portail a envoyé moins d’enregistrements qu’il n’en a comptés.',
  'summary.reason.refused': 'Le portail a refusé d’envoyer les enregistrements ({detail}).',
  'summary.reason.operators':
    'Ce portail (CKAN antérieur à 2.12) ne sait pas filtrer par plage, et plus d’enregistrements correspondent à ses autres filtres que l’explorateur ne peut en filtrer dans votre navigateur.',
  'summary.reason.worker': 'La synthèse s’est arrêtée dans ce navigateur ({detail}).',
  'summary.startAgain': 'Recommencer',
  'summary.tryAgain': 'Réessayer',
  'summary.overflow':
    'Plus de {max} groupes différents : les enregistrements des autres sont comptés ensemble dans « Autres valeurs ».',
  'summary.groupBad':
    'Le regroupement « {value} » n’a pas pu être lu : la synthèse regroupe comme au départ.',
  'summary.showBad':
    'Les chiffres « {value} » n’ont pas pu être lus : la synthèse compte les enregistrements.',
  'summary.linkProblem':
    'Le lien nomme une colonne que ce tableau n’a pas ({column}) : elle a été laissée de côté.',
  'summary.title': '{figure} par {group}',
  'summary.titleTwo': '{figure} par {group} et {second}',
  'summary.empty': '(vide)',
  'summary.unreadable': '(valeur illisible)',
  'summary.other': 'Autres valeurs',
  'summary.range': 'de {from} à moins de {to}',
  'summary.rangeFrom': '{column} (à partir de)',
  'summary.quarter': 'T{quarter} {year}',
  'summary.share': 'Part',
  'summary.shareOf': 'Part de {figure}',
  'summary.tableCaption': {
    one: '{count} groupe ; choisissez une valeur pour voir ses enregistrements dans le tableau.',
    other: '{count} groupes ; choisissez une valeur pour voir ses enregistrements dans le tableau.',
  },
  'summary.tableCaptionPlain': { one: '{count} groupe.', other: '{count} groupes.' },
  'summary.showMore': 'Afficher {count} groupes de plus',
  'summary.draw': 'Dessiner',
  'summary.bars': 'Barres',
  'summary.stacked': 'Empilées',
  'summary.sideBySide': 'Côte à côte',
  'summary.legend': 'Légende',
  'summary.chartBars': {
    one: 'Diagramme en barres de {figure} pour {count} groupe de {group} ; le plus grand, {top}, vaut {value}.',
    other:
      'Diagramme en barres de {figure} pour {count} groupes de {group} ; le plus grand, {top}, vaut {value}.',
  },
  'summary.chartLine':
    'Courbe de {figure} par {group}, de {first} à {last} ; le minimum est {min}, le maximum {max}.',
  'summary.chartSplit': {
    one: 'Diagramme en barres de {figure} pour {count} groupe de {group}, réparti par {second}.',
    other: 'Diagramme en barres de {figure} pour {count} groupes de {group}, réparti par {second}.',
  },
  'summary.chartLargest': 'Le graphique dessine les {count} plus grands groupes ; le tableau les liste tous.',
  'summary.chartSeries':
    'Le graphique répartit chaque barre selon les {count} plus grandes valeurs de {second} ; le tableau les liste toutes.',
  'summary.noChart': 'Aucun groupe n’a de valeur à dessiner.',
  'summary.download': 'Télécharger la synthèse (CSV)',
  'summary.copyCode': 'Copier en code…',
} satisfies Translation<SummaryMessages>

export const frenchTranslations: Translations = {
  main,
  cards,
  compact,
  errors,
  filterChips,
  filterDialog,
  profile,
  chart,
  columns,
  map,
  copyCode,
  embedCode,
  export: exportMessages,
  summary,
}
