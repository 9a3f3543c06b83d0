/**
 * Word lists of the embedded analyzer. STOP_WORDS are English function words (they carry no topic
 * and break key phrases); WEAK_WORDS are common verbs, adverbs and vague adjectives of academic
 * prose — they count for nothing in key phrases either ("we show that", "significantly",
 * "novel"); GENERIC_WORDS may sit inside a phrase ("language model") but make no tag alone.
 */

const words = (list: string) => new Set(list.trim().split(/\s+/));

export const STOP_WORDS = words(`
  a about above after again against all almost along already also although always am among an
  and another any anyone anything are around as at be because been before being below between
  both but by can cannot could did do does doing done down during each either else enough even
  ever every few for from further had has have having he her here hers herself him himself his
  how however i if in into is it its itself just least less let like may me might mine more most
  much must my myself neither no nor not now of off often on once one only onto or other others
  otherwise our ours ourselves out over own per perhaps quite rather same several shall she should
  since so some such than that the their theirs them themselves then there thereby therefore
  these they this those though through throughout thus to too toward towards under unless until
  up upon us very via was we well were what whatever when whenever where whereas whether which
  while who whom whose why will with within without would yet you your yours yourself
  e.g i.e etc et al vs cf ie eg don't doesn't isn't aren't wasn't weren't can't won't it's
  we're they're there's that's also many much lot lots really actually still
`);

export const WEAK_WORDS = words(`
  able according achieve achieved achieves achieving across addition additional additionally
  address addressed allow allowed allows alternative approximately based become becomes best
  better brief briefly called carried certain clearly close commonly compared comparing
  comparison consider considered considering consistent consistently contrast current currently
  demonstrate demonstrated demonstrates demonstrating describe described describes different
  directly discuss discussed due easily effectively eight enable enabled enables enabling
  especially establish established establishes evaluate evaluated examine examined example
  examples explore explored exploring extensive fail fails find finding finds five found four
  fully further generally give given gives good great greater here highly hundred identified
  identify illustrate important improve improved improves improving include included includes
  including increasingly indeed indicate indicated indicates introduce introduced introduces
  investigate investigated known largely lead leading leads led likely little made main mainly
  make makes making may mostly namely nearly necessary new newly nine novel observe observed
  observes obtain obtained occur occurs offer offers overall particular particularly perform
  performed performing possible potential potentially present presented presents previous
  previously primarily prior propose proposed proposes provide provided provides providing
  recent recently relatively remain remains report reported reports require required requires
  requiring respectively result resulted resulting reveal revealed reveals seen seven show showed
  shown shows significant significantly similar similarly simple simply six specific specifically
  strong strongly studied substantially successfully suggest suggested suggests take taken takes
  ten three together two typically understand understanding unique use used uses using usually
  various well-known whole widely yield yielded yields relative comparable detectable durable
  single earlier later narrower wider broader safer larger smaller higher lower faster slower
  stronger weaker fewer lesser lower first second third last final next certain several
  engineered designed developed applied obtained measured compared associated related
  exceed exceeds persist persists dominate dominates depend depends appear appears emerge emerges
  exhibit exhibits display displays contain contains involve involves produce produces reduce
  reduces enhance enhances induce induces affect affects determine determines predict predicts
  support supports confirm confirms lack lacks allow remain seem seems tend tends help helps
  love like likes need needs want wants hope hopes aim aims seek seeks try tries
`);

/**
 * Units of measurement and the vocabulary of a document's own structure ("Fig.", "preprint",
 * "Keywords"): frequent in papers, never their topic. They break key phrases like stop words.
 */
export const DOCUMENT_WORDS = words(`
  mm cm km nm µm μm um pm kg mg µg μg ng ml µl μl nl mol mmol µmol μmol nmol hz khz mhz ghz
  mv kv ma µa μa mw kw gw mwh kwh ppm ppb wt vol min hr hrs sec ms ns ps fs db dbm kda bp kb
  mb gb tb rpm psi kpa mpa gpa ev kev mev gev ohm kohm mohm degc ºc °c
  abstract introduction conclusion conclusions discussion references reference bibliography
  acknowledgements acknowledgments appendix supplementary supplement figure figures fig figs
  table tables section sections chapter chapters keywords keyword preprint manuscript draft
  note notes report copyright license licence doi arxiv journal proceedings university
  institute department laboratory lab email correspondence author authors page pages
`);

export const GENERIC_WORDS = words(`
  analysis approach approaches area aspect aspects case cases change changes data effect effects
  evidence experiment experiments fact factor factors field findings form framework group groups
  idea impact implications issue issues level levels method methods model models number order
  paper part performance problem problems process question questions range rate research result
  results role set sets state study studies system systems technique techniques term terms time
  times type types use value values way ways work works year years article post thing things
  reduction reductions increase increases decrease decreases improvement improvements development
  developments application applications challenge challenges limitation limitations efficiency
  response responses property properties structure structures condition conditions measurement
  measurements quality amount size sample samples test tests outcome outcomes feature features
  mechanism mechanisms strategy strategies potential design function functions organization
  organisation fragment fragments variant variants population populations sequence sequences
  activity activities ability abilities manner relative relatives pattern patterns member members
  component components region regions site sites step steps class classes`);

/** Words of an author's instruction that steer nothing by themselves ("please focus on …"). */
export const INSTRUCTION_WORDS = words(`
  analyse analyze analysis answer article aspect aspects attention brief concise context describe
  detail detailed details discuss discussion document emphasis emphasise emphasize explain focus
  give highlight ignore include instruction instructions keep key list main make mention mostly
  need note paper part please point points post question questions readers research short
  stress study summarise summarize summary tag tags text topic topics want write sentence
  sentences paragraph paragraphs word words bullet bullets line lines specialist specialists
  non-specialist non-specialists layperson laypeople audience reader plain simple language
  english assess whether evaluate critique review comment comments feedback sufficient
  clear clearly short shorter long longer
`);
