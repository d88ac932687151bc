/**
 * Danish texts of the demo data: subjects and phrase library, inspection conclusions, log-book
 * notes, ad hoc tasks, notifications and system messages. `{kommune}` is replaced by the customer's
 * name, other tokens by the generator.
 */

export const EMNER: readonly { kode: string; navn: string }[] = [
  { kode: 'TILSYN', navn: 'Tilsyn' },
  { kode: 'HAANDHAEVELSE', navn: 'Håndhævelse' },
  { kode: 'AFGOERELSE', navn: 'Afgørelse' },
  { kode: 'RISIKOVURDERING', navn: 'Risikovurdering' },
  { kode: 'BRUGERBETALING', navn: 'Brugerbetaling' },
  { kode: 'LANDBRUG', navn: 'Landbrug og husdyrbrug' },
  { kode: 'AFFALD', navn: 'Affaldstilsyn' },
  { kode: 'VANDANLAEG', navn: 'Vandanlæg' },
  { kode: 'VANDPROEVER', navn: 'Vandprøver og analyser' },
  { kode: 'OPPUMPEDE_MAENGDER', navn: 'Oppumpede vandmængder' },
  { kode: 'LOGBOG', navn: 'Logbog' },
  { kode: 'ADHOC', navn: 'Ad hoc-opgaver' },
];

export const FRASER: Record<string, readonly { titel: string; tekst: string }[]> = {
  TILSYN: [
    {
      titel: 'Varsling af tilsyn',
      tekst:
        '{kommune} varsler hermed miljøtilsyn på virksomheden. Tilsynet omfatter en gennemgang af indretning og drift, opbevaring af olie og kemikalier samt håndtering af affald.',
    },
    {
      titel: 'Tilsyn uden bemærkninger',
      tekst: 'Ved tilsynet blev der ikke konstateret forhold, der giver anledning til bemærkninger.',
    },
    {
      titel: 'Opbevaring af kemikalier',
      tekst:
        'Olie, kemikalier og farligt affald skal opbevares under tag på tæt bund uden afløb, så spild kan opsamles.',
    },
    {
      titel: 'Offentliggørelse af tilsynsrapport',
      tekst:
        'Tilsynsrapporten offentliggøres på kommunens hjemmeside senest fire måneder efter tilsynet, jf. tilsynsbekendtgørelsen.',
    },
    {
      titel: 'Næste tilsyn',
      tekst:
        'Næste regelmæssige tilsyn forventes gennemført inden for tre år, medmindre der opstår behov for et tidligere tilsyn.',
    },
  ],
  HAANDHAEVELSE: [
    {
      titel: 'Indskærpelse',
      tekst:
        '{kommune} indskærper, at virksomheden skal overholde vilkårene i den gældende miljøgodkendelse. Forholdet skal være bragt i orden senest på den angivne dato.',
    },
    {
      titel: 'Varsel om påbud',
      tekst:
        'Inden der træffes afgørelse om påbud, har I mulighed for at komme med bemærkninger. Eventuelle bemærkninger skal være kommunen i hænde inden 14 dage, jf. forvaltningslovens § 19.',
    },
    {
      titel: 'Påbud om tæt belægning',
      tekst: 'Virksomheden påbydes at etablere tæt belægning med afløb til olieudskiller på vaskepladsen.',
    },
    {
      titel: 'Forholdet er lovliggjort',
      tekst:
        'Ved opfølgende tilsyn blev det konstateret, at forholdet er lovliggjort. Sagen er hermed afsluttet.',
    },
    {
      titel: 'Politianmeldelse',
      tekst:
        'Da forholdet ikke er bragt i orden trods gentagne henvendelser, overdrager {kommune} sagen til politiet.',
    },
  ],
  AFGOERELSE: [
    {
      titel: 'Klagevejledning',
      tekst:
        'Afgørelsen kan påklages til Miljø- og Fødevareklagenævnet inden fire uger fra offentliggørelsen. Klagen indgives via Klageportalen.',
    },
    {
      titel: 'Offentliggørelse',
      tekst: 'Afgørelsen offentliggøres på kommunens hjemmeside den dag, den meddeles.',
    },
    {
      titel: 'Miljøgodkendelse meddelt',
      tekst: '{kommune} meddeler hermed miljøgodkendelse på de vilkår, der fremgår af afgørelsen.',
    },
    {
      titel: 'Retsbeskyttelse',
      tekst: 'Godkendelsen er retsbeskyttet i otte år fra den dag, den er meddelt.',
    },
    {
      titel: 'Søgsmålsfrist',
      tekst:
        'Søgsmål til prøvelse af afgørelsen skal være anlagt inden seks måneder efter, at afgørelsen er offentliggjort.',
    },
  ],
  RISIKOVURDERING: [
    {
      titel: 'Lav miljørisiko',
      tekst:
        'Virksomheden vurderes at have en lav miljørisiko. Der er ikke konstateret overtrædelser ved de seneste tilsyn.',
    },
    {
      titel: 'Forhøjet miljørisiko',
      tekst:
        'Virksomheden vurderes at have en forhøjet miljørisiko på grund af oplag af farlige stoffer tæt på vandløb.',
    },
    {
      titel: 'Miljøledelse',
      tekst: 'Virksomheden har et certificeret miljøledelsessystem, hvilket indgår positivt i risikoscoren.',
    },
    {
      titel: 'Overholdelse af regler',
      tekst:
        'Der er ved de seneste to tilsyn konstateret mindre overtrædelser, som er bragt i orden inden for fristen.',
    },
    {
      titel: 'Afstand til naboer',
      tekst: 'Virksomheden ligger tæt på boligområde, hvilket øger risikoen for gener fra støj og lugt.',
    },
  ],
  BRUGERBETALING: [
    {
      titel: 'Opkrævning af gebyr',
      tekst:
        'Der opkræves gebyr for kommunens tilsyn efter brugerbetalingsbekendtgørelsen. Timeprisen fastsættes årligt.',
    },
    {
      titel: 'Faktura følger',
      tekst: 'Faktura for tilsynet sendes til virksomhedens e-Boks.',
    },
    {
      titel: 'Ingen gebyr for opfølgning',
      tekst: 'Der opkræves ikke gebyr for opfølgende tilsyn, når forholdet er bragt i orden inden fristen.',
    },
    {
      titel: 'Gebyr for klagesag',
      tekst: 'Der opkræves gebyr for behandling af klagesager, hvis klagen giver anledning til håndhævelse.',
    },
    {
      titel: 'Kreditnota',
      tekst: 'Fakturaen er krediteret, da timerne var registreret på en forkert virksomhed.',
    },
  ],
  LANDBRUG: [
    {
      titel: 'Opbevaring af husdyrgødning',
      tekst: 'Gyllebeholderen skal være overdækket med fast overdækning eller tæt flydelag hele året.',
    },
    {
      titel: 'Beholderkontrol',
      tekst:
        'Gyllebeholderen skal være kontrolleret inden for de seneste ti år. Kontrolrapporten skal kunne fremvises ved tilsyn.',
    },
    {
      titel: 'Ensilage',
      tekst:
        'Ensilagesaft skal opsamles, og ensilagepladsen skal have tæt bund med afløb til opsamlingsbeholder.',
    },
    {
      titel: 'Døde dyr',
      tekst: 'Døde dyr skal opbevares afdækket og så langt fra vej og nabo som muligt indtil afhentning.',
    },
    {
      titel: 'Gødningsregnskab',
      tekst: 'Gødningsregnskabet for seneste planperiode blev gennemgået uden bemærkninger.',
    },
  ],
  AFFALD: [
    {
      titel: 'Affaldssortering',
      tekst: 'Virksomheden skal sortere sit affald i de fraktioner, der fremgår af affaldsbekendtgørelsen.',
    },
    {
      titel: 'Dokumentation for affald',
      tekst: 'Dokumentation for bortskaffelse af farligt affald skal opbevares i mindst fem år.',
    },
    {
      titel: 'Anvisning af erhvervsaffald',
      tekst: 'Erhvervsaffald skal anvises til en godkendt indsamlingsvirksomhed.',
    },
    {
      titel: 'Tilsyn udtrukket af SAT',
      tekst: 'Virksomheden er udtrukket til affaldstilsyn i den nationale tilsynsordning.',
    },
    {
      titel: 'Fraktioner i orden',
      tekst: 'Ved tilsynet blev affaldet sorteret korrekt i alle relevante fraktioner.',
    },
  ],
  VANDANLAEG: [
    {
      titel: 'Indvindingstilladelse',
      tekst:
        'Vandværket skal søge om fornyelse af indvindingstilladelsen senest seks måneder før den udløber.',
    },
    {
      titel: 'Boringskontrol',
      tekst:
        'Boringen skal være tæt afsluttet med forseglet boringsbrønd, så overfladevand ikke kan trænge ned.',
    },
    {
      titel: 'Beskyttelseszone',
      tekst: 'Der må ikke anvendes sprøjtemidler eller opbevares olie inden for 10 m fra boringen.',
    },
    {
      titel: 'Sløjfning af boring',
      tekst:
        'Boringen skal sløjfes efter gældende regler, når den ikke længere anvendes. Sløjfningen skal indberettes til GEUS.',
    },
    {
      titel: 'Tilsyn på vandværk',
      tekst: 'Ved tilsynet blev vandværkets indretning, hygiejne og kvalitetssikringssystem gennemgået.',
    },
  ],
  VANDPROEVER: [
    {
      titel: 'Analyseprogram',
      tekst: 'Vandværket skal følge det analyseprogram, der er fastsat i drikkevandsbekendtgørelsen.',
    },
    {
      titel: 'Overskridelse af kravværdi',
      tekst:
        'Analyseresultatet overskrider kravværdien. Vandværket skal straks tage en ny prøve og orientere forbrugerne.',
    },
    {
      titel: 'Kogeanbefaling',
      tekst:
        'Forbrugerne anbefales at koge drikkevandet, indtil nye prøver viser, at vandet igen overholder kravene.',
    },
    {
      titel: 'Prøver overholder kravene',
      tekst: 'Alle analyserede parametre overholder kravværdierne i drikkevandsbekendtgørelsen.',
    },
    {
      titel: 'Pesticidrester',
      tekst: 'Der er påvist pesticidrester under kravværdien. Udviklingen følges ved næste boringskontrol.',
    },
  ],
  OPPUMPEDE_MAENGDER: [
    {
      titel: 'Manglende indberetning',
      tekst:
        'Kommunen har ikke modtaget indberetning af oppumpede vandmængder for seneste periode. Indberetningen skal ske senest 1. februar.',
    },
    {
      titel: 'Målerskift',
      tekst:
        'Ved målerskift skal både slutstand på den gamle måler og startstand på den nye måler indberettes.',
    },
    {
      titel: 'Afvigende vandmængde',
      tekst:
        'Den indberettede vandmængde afviger væsentligt fra tidligere år. Vi beder jer kontrollere målerstanden.',
    },
    {
      titel: 'Overskridelse af tilladelse',
      tekst: 'Den oppumpede vandmængde overstiger den tilladte årlige mængde i indvindingstilladelsen.',
    },
    {
      titel: 'Indberetning godkendt',
      tekst: 'Indberetningen af oppumpede vandmængder er godkendt og overført til Jupiter.',
    },
  ],
  LOGBOG: [
    {
      titel: 'Telefonnotat',
      tekst:
        'Telefonsamtale med virksomhedens kontaktperson. Aftalt at fremsende dokumentation inden for 14 dage.',
    },
    {
      titel: 'Mail modtaget',
      tekst: 'Modtaget mail med dokumentation. Journaliseret på sagen.',
    },
    {
      titel: 'Klage modtaget',
      tekst: 'Modtaget klage fra nabo. Virksomheden er orienteret, og forholdet undersøges ved næste tilsyn.',
    },
    {
      titel: 'Besigtigelse',
      tekst: 'Besigtigelse foretaget. Der blev ikke konstateret forhold, der kræver opfølgning.',
    },
    {
      titel: 'Sagen afsluttet',
      tekst: 'Sagen er afsluttet uden yderligere bemærkninger.',
    },
  ],
  ADHOC: [
    {
      titel: 'Ring tilbage',
      tekst: 'Ring tilbage til kontaktpersonen vedrørende den fremsendte dokumentation.',
    },
    {
      titel: 'Følg op på frist',
      tekst: 'Følg op på, om forholdet er bragt i orden inden den fastsatte frist.',
    },
    {
      titel: 'Dokumentation mangler',
      tekst: 'Rykker for manglende dokumentation for tømning af olieudskiller.',
    },
    {
      titel: 'Opdater stamoplysninger',
      tekst: 'Kontroller og opdater stamoplysninger efter ændring i CVR.',
    },
    {
      titel: 'Høringssvar',
      tekst: 'Udarbejd høringssvar til nabokommunen.',
    },
  ],
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
  virksomhed: [
    {
      emne: 'Telefonnotat',
      notat:
        'Telefonsamtale med {kontakt} om opbevaring af spildolie. Aftalt at tanken flyttes under tag inden {dato}.',
    },
    { emne: 'Mail', notat: 'Modtaget mail fra {kontakt} med dokumentation for tømning af olieudskiller.' },
    { emne: 'Tilsyn', notat: 'Varsling af tilsyn sendt pr. mail til {kontakt}.' },
    { emne: 'Tilsyn', notat: 'Tilsyn gennemført. Ingen bemærkninger til indretning og drift.' },
    {
      emne: 'Klage',
      notat: 'Klage fra nabo over støj fra ventilationsanlæg i aftentimerne. Virksomheden er kontaktet.',
    },
    {
      emne: 'Henvendelse',
      notat: 'Virksomheden oplyser, at produktionen udvides med en ny linje. Vejledt om anmeldelse.',
    },
    {
      emne: 'Håndhævelse',
      notat: 'Indskærpelse sendt vedrørende manglende afmærkning af affaldsfraktioner.',
    },
    { emne: 'Mail', notat: 'Modtaget kvittering for bortskaffelse af farligt affald for {aar}.' },
    { emne: 'Afgørelse', notat: 'Udkast til afgørelse sendt i partshøring til {kontakt} med frist {dato}.' },
    { emne: 'Andet', notat: 'Virksomheden har skiftet ejer. Ny kontaktperson er {kontakt}.' },
  ],
  landbrug: [
    {
      emne: 'Klage',
      notat: 'Henvendelse om lugt fra gyllebeholder. Besigtiget, ingen væsentlige gener konstateret.',
    },
    {
      emne: 'Telefonnotat',
      notat: 'Talt med {kontakt} om udbringning af gylle på frossen jord. Vejledt om reglerne.',
    },
    { emne: 'Tilsyn', notat: 'Tilsyn gennemført. Beholderkontrol er udført inden for de seneste ti år.' },
    { emne: 'Mail', notat: 'Modtaget gødningsregnskab for {aar} fra {kontakt}.' },
    {
      emne: 'Henvendelse',
      notat:
        '{kontakt} oplyser, at dyreholdet ændres fra slagtesvin til smågrise. Vejledt om anmeldelse efter husdyrbrugloven.',
    },
    { emne: 'Håndhævelse', notat: 'Påbud om overdækning af møddingsplads. Frist {dato}.' },
    { emne: 'Tilsyn', notat: 'Ensilagesaft løb ud på markvej. Landmanden har straks etableret opsamling.' },
    { emne: 'Andet', notat: 'Generationsskifte på ejendommen. Ny ejer er {kontakt}.' },
  ],
  vandanlaeg: [
    {
      emne: 'Vandanlæg',
      notat: 'Modtaget analyseresultater fra boringskontrol. Alle parametre overholder kravværdierne.',
    },
    {
      emne: 'Telefonnotat',
      notat: 'Drøftet ny boring med {kontakt}. Ansøgning om indvindingstilladelse forventes i foråret {aar}.',
    },
    { emne: 'Mail', notat: 'Modtaget indberetning af oppumpede vandmængder for {aar} fra {kontakt}.' },
    { emne: 'Tilsyn', notat: 'Tilsyn på vandværket gennemført. Kvalitetssikringssystemet er opdateret.' },
    { emne: 'Vandanlæg', notat: 'Måler på boring 1 er udskiftet. Ny startstand noteret.' },
    {
      emne: 'Henvendelse',
      notat: 'Forbruger henvender sig om misfarvet vand. Vandværket har skyllet ledningsnettet.',
    },
    { emne: 'Afgørelse', notat: 'Indvindingstilladelse fornyet for 30 år.' },
    { emne: 'Andet', notat: 'Ny formand for vandværket: {kontakt}.' },
  ],
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
export const ADHOC_OPGAVER: readonly { emne: string; notat: string }[] = [
  { emne: 'Ring tilbage', notat: 'Ring til {kontakt} vedrørende manglende dokumentation.' },
  { emne: 'Opfølgning', notat: 'Følg op på påbud om tæt belægning på vaskepladsen.' },
  { emne: 'Indberetning', notat: 'Kontroller indberetning af oppumpede vandmængder for {aar}.' },
  { emne: 'Dokumentation mangler', notat: 'Ryk for kvittering for tømning af olieudskiller.' },
  { emne: 'Besigtigelse', notat: 'Besigtig gyllebeholder efter klage over lugt.' },
  { emne: 'Opfølgning', notat: 'Opdater kontaktoplysninger efter ejerskifte.' },
  { emne: 'Høring', notat: 'Send udkast til afgørelse i høring hos {kontakt}.' },
  { emne: 'Opfølgning', notat: 'Planlæg opfølgende tilsyn efter indskærpelse.' },
];

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
