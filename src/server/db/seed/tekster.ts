/**
 * Danish texts of the demo data: subjects and phrase library, inspection conclusions, log-book
 * notes, ad hoc tasks, notifications and system messages. `{kommune}` is replaced by the customer's
 * name, other tokens by the generator.
 */

/** Rows of [kode, navn]. */
function kodeNavne(...par: [kode: string, navn: string][]) {
  return par.map(([kode, navn]) => ({ kode, navn }));
}

/** Rows of [titel, tekst]. */
function titlerOgTekster(...par: [titel: string, tekst: string][]) {
  return par.map(([titel, tekst]) => ({ titel, tekst }));
}

/** Rows of [emne, notat]. */
function emnerOgNoter(...par: [emne: string, notat: string][]) {
  return par.map(([emne, notat]) => ({ emne, notat }));
}

export const EMNER: readonly { kode: string; navn: string }[] = kodeNavne(
  ['TILSYN', 'Tilsyn'],
  ['HAANDHAEVELSE', 'Håndhævelse'],
  ['AFGOERELSE', 'Afgørelse'],
  ['RISIKOVURDERING', 'Risikovurdering'],
  ['BRUGERBETALING', 'Brugerbetaling'],
  ['LANDBRUG', 'Landbrug og husdyrbrug'],
  ['AFFALD', 'Affaldstilsyn'],
  ['VANDANLAEG', 'Vandanlæg'],
  ['VANDPROEVER', 'Vandprøver og analyser'],
  ['OPPUMPEDE_MAENGDER', 'Oppumpede vandmængder'],
  ['LOGBOG', 'Logbog'],
  ['ADHOC', 'Ad hoc-opgaver'],
);

export const FRASER: Record<string, readonly { titel: string; tekst: string }[]> = {
  TILSYN: titlerOgTekster(
    [
      'Varsling af tilsyn',
      '{kommune} varsler hermed miljøtilsyn på virksomheden. Tilsynet omfatter en gennemgang af indretning og drift, opbevaring af olie og kemikalier samt håndtering af affald.',
    ],
    [
      'Tilsyn uden bemærkninger',
      'Ved tilsynet blev der ikke konstateret forhold, der giver anledning til bemærkninger.',
    ],
    [
      'Opbevaring af kemikalier',
      'Olie, kemikalier og farligt affald skal opbevares under tag på tæt bund uden afløb, så spild kan opsamles.',
    ],
    [
      'Offentliggørelse af tilsynsrapport',
      'Tilsynsrapporten offentliggøres på kommunens hjemmeside senest fire måneder efter tilsynet, jf. tilsynsbekendtgørelsen.',
    ],
    [
      'Næste tilsyn',
      'Næste regelmæssige tilsyn forventes gennemført inden for tre år, medmindre der opstår behov for et tidligere tilsyn.',
    ],
  ),
  HAANDHAEVELSE: titlerOgTekster(
    [
      'Indskærpelse',
      '{kommune} indskærper, at virksomheden skal overholde vilkårene i den gældende miljøgodkendelse. Forholdet skal være bragt i orden senest på den angivne dato.',
    ],
    [
      'Varsel om påbud',
      'Inden der træffes afgørelse om påbud, har I mulighed for at komme med bemærkninger. Eventuelle bemærkninger skal være kommunen i hænde inden 14 dage, jf. forvaltningslovens § 19.',
    ],
    [
      'Påbud om tæt belægning',
      'Virksomheden påbydes at etablere tæt belægning med afløb til olieudskiller på vaskepladsen.',
    ],
    [
      'Forholdet er lovliggjort',
      'Ved opfølgende tilsyn blev det konstateret, at forholdet er lovliggjort. Sagen er hermed afsluttet.',
    ],
    [
      'Politianmeldelse',
      'Da forholdet ikke er bragt i orden trods gentagne henvendelser, overdrager {kommune} sagen til politiet.',
    ],
  ),
  AFGOERELSE: titlerOgTekster(
    [
      'Klagevejledning',
      'Afgørelsen kan påklages til Miljø- og Fødevareklagenævnet inden fire uger fra offentliggørelsen. Klagen indgives via Klageportalen.',
    ],
    ['Offentliggørelse', 'Afgørelsen offentliggøres på kommunens hjemmeside den dag, den meddeles.'],
    [
      'Miljøgodkendelse meddelt',
      '{kommune} meddeler hermed miljøgodkendelse på de vilkår, der fremgår af afgørelsen.',
    ],
    ['Retsbeskyttelse', 'Godkendelsen er retsbeskyttet i otte år fra den dag, den er meddelt.'],
    [
      'Søgsmålsfrist',
      'Søgsmål til prøvelse af afgørelsen skal være anlagt inden seks måneder efter, at afgørelsen er offentliggjort.',
    ],
  ),
  RISIKOVURDERING: titlerOgTekster(
    [
      'Lav miljørisiko',
      'Virksomheden vurderes at have en lav miljørisiko. Der er ikke konstateret overtrædelser ved de seneste tilsyn.',
    ],
    [
      'Forhøjet miljørisiko',
      'Virksomheden vurderes at have en forhøjet miljørisiko på grund af oplag af farlige stoffer tæt på vandløb.',
    ],
    [
      'Miljøledelse',
      'Virksomheden har et certificeret miljøledelsessystem, hvilket indgår positivt i risikoscoren.',
    ],
    [
      'Overholdelse af regler',
      'Der er ved de seneste to tilsyn konstateret mindre overtrædelser, som er bragt i orden inden for fristen.',
    ],
    [
      'Afstand til naboer',
      'Virksomheden ligger tæt på boligområde, hvilket øger risikoen for gener fra støj og lugt.',
    ],
  ),
  BRUGERBETALING: titlerOgTekster(
    [
      'Opkrævning af gebyr',
      'Der opkræves gebyr for kommunens tilsyn efter brugerbetalingsbekendtgørelsen. Timeprisen fastsættes årligt.',
    ],
    ['Faktura følger', 'Faktura for tilsynet sendes til virksomhedens e-Boks.'],
    [
      'Ingen gebyr for opfølgning',
      'Der opkræves ikke gebyr for opfølgende tilsyn, når forholdet er bragt i orden inden fristen.',
    ],
    [
      'Gebyr for klagesag',
      'Der opkræves gebyr for behandling af klagesager, hvis klagen giver anledning til håndhævelse.',
    ],
    ['Kreditnota', 'Fakturaen er krediteret, da timerne var registreret på en forkert virksomhed.'],
  ),
  LANDBRUG: titlerOgTekster(
    [
      'Opbevaring af husdyrgødning',
      'Gyllebeholderen skal være overdækket med fast overdækning eller tæt flydelag hele året.',
    ],
    [
      'Beholderkontrol',
      'Gyllebeholderen skal være kontrolleret inden for de seneste ti år. Kontrolrapporten skal kunne fremvises ved tilsyn.',
    ],
    [
      'Ensilage',
      'Ensilagesaft skal opsamles, og ensilagepladsen skal have tæt bund med afløb til opsamlingsbeholder.',
    ],
    [
      'Døde dyr',
      'Døde dyr skal opbevares afdækket og så langt fra vej og nabo som muligt indtil afhentning.',
    ],
    ['Gødningsregnskab', 'Gødningsregnskabet for seneste planperiode blev gennemgået uden bemærkninger.'],
  ),
  AFFALD: titlerOgTekster(
    [
      'Affaldssortering',
      'Virksomheden skal sortere sit affald i de fraktioner, der fremgår af affaldsbekendtgørelsen.',
    ],
    [
      'Dokumentation for affald',
      'Dokumentation for bortskaffelse af farligt affald skal opbevares i mindst fem år.',
    ],
    ['Anvisning af erhvervsaffald', 'Erhvervsaffald skal anvises til en godkendt indsamlingsvirksomhed.'],
    [
      'Tilsyn udtrukket af SAT',
      'Virksomheden er udtrukket til affaldstilsyn i den nationale tilsynsordning.',
    ],
    ['Fraktioner i orden', 'Ved tilsynet blev affaldet sorteret korrekt i alle relevante fraktioner.'],
  ),
  VANDANLAEG: titlerOgTekster(
    [
      'Indvindingstilladelse',
      'Vandværket skal søge om fornyelse af indvindingstilladelsen senest seks måneder før den udløber.',
    ],
    [
      'Boringskontrol',
      'Boringen skal være tæt afsluttet med forseglet boringsbrønd, så overfladevand ikke kan trænge ned.',
    ],
    [
      'Beskyttelseszone',
      'Der må ikke anvendes sprøjtemidler eller opbevares olie inden for 10 m fra boringen.',
    ],
    [
      'Sløjfning af boring',
      'Boringen skal sløjfes efter gældende regler, når den ikke længere anvendes. Sløjfningen skal indberettes til GEUS.',
    ],
    [
      'Tilsyn på vandværk',
      'Ved tilsynet blev vandværkets indretning, hygiejne og kvalitetssikringssystem gennemgået.',
    ],
  ),
  VANDPROEVER: titlerOgTekster(
    [
      'Analyseprogram',
      'Vandværket skal følge det analyseprogram, der er fastsat i drikkevandsbekendtgørelsen.',
    ],
    [
      'Overskridelse af kravværdi',
      'Analyseresultatet overskrider kravværdien. Vandværket skal straks tage en ny prøve og orientere forbrugerne.',
    ],
    [
      'Kogeanbefaling',
      'Forbrugerne anbefales at koge drikkevandet, indtil nye prøver viser, at vandet igen overholder kravene.',
    ],
    [
      'Prøver overholder kravene',
      'Alle analyserede parametre overholder kravværdierne i drikkevandsbekendtgørelsen.',
    ],
    [
      'Pesticidrester',
      'Der er påvist pesticidrester under kravværdien. Udviklingen følges ved næste boringskontrol.',
    ],
  ),
  OPPUMPEDE_MAENGDER: titlerOgTekster(
    [
      'Manglende indberetning',
      'Kommunen har ikke modtaget indberetning af oppumpede vandmængder for seneste periode. Indberetningen skal ske senest 1. februar.',
    ],
    [
      'Målerskift',
      'Ved målerskift skal både slutstand på den gamle måler og startstand på den nye måler indberettes.',
    ],
    [
      'Afvigende vandmængde',
      'Den indberettede vandmængde afviger væsentligt fra tidligere år. Vi beder jer kontrollere målerstanden.',
    ],
    [
      'Overskridelse af tilladelse',
      'Den oppumpede vandmængde overstiger den tilladte årlige mængde i indvindingstilladelsen.',
    ],
    ['Indberetning godkendt', 'Indberetningen af oppumpede vandmængder er godkendt og overført til Jupiter.'],
  ),
  LOGBOG: titlerOgTekster(
    [
      'Telefonnotat',
      'Telefonsamtale med virksomhedens kontaktperson. Aftalt at fremsende dokumentation inden for 14 dage.',
    ],
    ['Mail modtaget', 'Modtaget mail med dokumentation. Journaliseret på sagen.'],
    [
      'Klage modtaget',
      'Modtaget klage fra nabo. Virksomheden er orienteret, og forholdet undersøges ved næste tilsyn.',
    ],
    ['Besigtigelse', 'Besigtigelse foretaget. Der blev ikke konstateret forhold, der kræver opfølgning.'],
    ['Sagen afsluttet', 'Sagen er afsluttet uden yderligere bemærkninger.'],
  ),
  ADHOC: titlerOgTekster(
    ['Ring tilbage', 'Ring tilbage til kontaktpersonen vedrørende den fremsendte dokumentation.'],
    ['Følg op på frist', 'Følg op på, om forholdet er bragt i orden inden den fastsatte frist.'],
    ['Dokumentation mangler', 'Rykker for manglende dokumentation for tømning af olieudskiller.'],
    ['Opdater stamoplysninger', 'Kontroller og opdater stamoplysninger efter ændring i CVR.'],
    ['Høringssvar', 'Udarbejd høringssvar til nabokommunen.'],
  ),
};

export const TILSYN_KONKLUSIONER: readonly { kode: string; navn: string; aktiv: boolean }[] = [
  { kode: 'INGEN', navn: 'Ingen overtrædelser', aktiv: true },
  { kode: 'MINDRE', navn: 'Mindre forhold', aktiv: true },
  { kode: 'HAANDHAEVELSE', navn: 'Håndhævelse nødvendig', aktiv: true },
  { kode: 'INDSKAERPELSE', navn: 'Indskærpelse meddelt', aktiv: true },
  { kode: 'PAABUD', navn: 'Påbud meddelt', aktiv: true },
  { kode: 'OPFOELGNING', navn: 'Opfølgende tilsyn nødvendigt', aktiv: true },
  { kode: 'POLITIANMELDELSE', navn: 'Politianmeldelse', aktiv: true },
  { kode: 'IKKE_GENNEMFOERT', navn: 'Tilsyn ikke gennemført', aktiv: true },
  { kode: 'HENSTILLING', navn: 'Henstilling (udgået)', aktiv: false },
];

/** Manual log-book notes by entity kind. Tokens: {kontakt}, {dato}, {aar}. */
export const LOGBOG_NOTER: Record<
  'virksomhed' | 'landbrug' | 'vandanlaeg',
  readonly { emne: string; notat: string }[]
> = {
  virksomhed: emnerOgNoter(
    [
      'Telefonnotat',
      'Telefonsamtale med {kontakt} om opbevaring af spildolie. Aftalt at tanken flyttes under tag inden {dato}.',
    ],
    ['Mail', 'Modtaget mail fra {kontakt} med dokumentation for tømning af olieudskiller.'],
    ['Tilsyn', 'Varsling af tilsyn sendt pr. mail til {kontakt}.'],
    ['Tilsyn', 'Tilsyn gennemført. Ingen bemærkninger til indretning og drift.'],
    ['Klage', 'Klage fra nabo over støj fra ventilationsanlæg i aftentimerne. Virksomheden er kontaktet.'],
    ['Henvendelse', 'Virksomheden oplyser, at produktionen udvides med en ny linje. Vejledt om anmeldelse.'],
    ['Håndhævelse', 'Indskærpelse sendt vedrørende manglende afmærkning af affaldsfraktioner.'],
    ['Mail', 'Modtaget kvittering for bortskaffelse af farligt affald for {aar}.'],
    ['Afgørelse', 'Udkast til afgørelse sendt i partshøring til {kontakt} med frist {dato}.'],
    ['Andet', 'Virksomheden har skiftet ejer. Ny kontaktperson er {kontakt}.'],
  ),
  landbrug: emnerOgNoter(
    ['Klage', 'Henvendelse om lugt fra gyllebeholder. Besigtiget, ingen væsentlige gener konstateret.'],
    ['Telefonnotat', 'Talt med {kontakt} om udbringning af gylle på frossen jord. Vejledt om reglerne.'],
    ['Tilsyn', 'Tilsyn gennemført. Beholderkontrol er udført inden for de seneste ti år.'],
    ['Mail', 'Modtaget gødningsregnskab for {aar} fra {kontakt}.'],
    [
      'Henvendelse',
      '{kontakt} oplyser, at dyreholdet ændres fra slagtesvin til smågrise. Vejledt om anmeldelse efter husdyrbrugloven.',
    ],
    ['Håndhævelse', 'Påbud om overdækning af møddingsplads. Frist {dato}.'],
    ['Tilsyn', 'Ensilagesaft løb ud på markvej. Landmanden har straks etableret opsamling.'],
    ['Andet', 'Generationsskifte på ejendommen. Ny ejer er {kontakt}.'],
  ),
  vandanlaeg: emnerOgNoter(
    ['Vandanlæg', 'Modtaget analyseresultater fra boringskontrol. Alle parametre overholder kravværdierne.'],
    [
      'Telefonnotat',
      'Drøftet ny boring med {kontakt}. Ansøgning om indvindingstilladelse forventes i foråret {aar}.',
    ],
    ['Mail', 'Modtaget indberetning af oppumpede vandmængder for {aar} fra {kontakt}.'],
    ['Tilsyn', 'Tilsyn på vandværket gennemført. Kvalitetssikringssystemet er opdateret.'],
    ['Vandanlæg', 'Måler på boring 1 er udskiftet. Ny startstand noteret.'],
    ['Henvendelse', 'Forbruger henvender sig om misfarvet vand. Vandværket har skyllet ledningsnettet.'],
    ['Afgørelse', 'Indvindingstilladelse fornyet for 30 år.'],
    ['Andet', 'Ny formand for vandværket: {kontakt}.'],
  ),
};

/** Automatic log-book entries (change records). Tokens: {fra}, {til}, {aar}, {kvartal}. */
export const LOGBOG_AUTOMATISK: Record<'virksomhed' | 'landbrug' | 'vandanlaeg', readonly string[]> = {
  virksomhed: [
    'Primær sagsbehandler ændret fra {fra} til {til}.',
    'Stamoplysninger opdateret fra CVR.',
    'Kategori ændret fra 2 til Ingen.',
    'Kontaktperson tilføjet.',
  ],
  landbrug: [
    'Primær sagsbehandler ændret fra {fra} til {til}.',
    'Stamoplysninger opdateret fra CVR.',
    'CHR-nummer tilføjet.',
  ],
  vandanlaeg: [
    'Oppumpet vandmængde for {kvartal}. kvartal {aar} godkendt.',
    'Pejling for {aar} godkendt.',
    'Stamoplysninger opdateret fra Jupiter.',
    'Primær sagsbehandler ændret fra {fra} til {til}.',
  ],
};

/** Ad hoc tasks. Tokens: {kontakt}, {aar}. */
export const ADHOC_OPGAVER: readonly { emne: string; notat: string }[] = emnerOgNoter(
  ['Ring tilbage', 'Ring til {kontakt} vedrørende manglende dokumentation.'],
  ['Opfølgning', 'Følg op på påbud om tæt belægning på vaskepladsen.'],
  ['Indberetning', 'Kontroller indberetning af oppumpede vandmængder for {aar}.'],
  ['Dokumentation mangler', 'Ryk for kvittering for tømning af olieudskiller.'],
  ['Besigtigelse', 'Besigtig gyllebeholder efter klage over lugt.'],
  ['Opfølgning', 'Opdater kontaktoplysninger efter ejerskifte.'],
  ['Høring', 'Send udkast til afgørelse i høring hos {kontakt}.'],
  ['Opfølgning', 'Planlæg opfølgende tilsyn efter indskærpelse.'],
);

export const SYSTEMBESKED_GLOBAL = {
  titel: 'Planlagt vedligeholdelse',
  tekst:
    'Systemet er utilgængeligt lørdag den 14-11-2026 kl. 06.00–10.00 på grund af opdatering. Gem dit arbejde inden.',
  alvorlighed: 'advarsel',
} as const;

export const SYSTEMBESKEDER_KUNDE: readonly { titel: string; tekst: string; alvorlighed: string }[] = [
  {
    titel: 'Indberetning til Jupiter',
    tekst:
      'Husk at validere oppumpede vandmængder for 3. kvartal 2026 inden 1. december, så de kan indberettes til Jupiter.',
    alvorlighed: 'info',
  },
  {
    titel: 'Ny tilsynsplan',
    tekst:
      'Tilsynsplanen for 2027 er klar til gennemsyn under Planlægning. Kommentarer sendes til miljøchefen inden 20-11-2026.',
    alvorlighed: 'info',
  },
  {
    titel: 'Fakturering',
    tekst: 'Fakturaforslag for brugerbetaling 3. kvartal 2026 skal godkendes senest 15-11-2026.',
    alvorlighed: 'info',
  },
];
