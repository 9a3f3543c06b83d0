/**
 * The demo community: who its members are and what they post, in the order they post it.
 * Figures are computed here from plausible models plus seeded noise, so every run draws the same
 * data; seed.ts turns the specs into files and sends them through the API.
 */
import type { AvatarSpec } from './files/avatars.js';
import type { ChartSpec, ImageFormat, Point } from './files/charts.js';
import type { PdfDocument } from './files/pdf.js';
import { createRandom, linspace } from './random.js';

/** The password of every seeded account (printed at the end of `npm run seed`). */
export const SEED_PASSWORD = 'symposia-demo';

export interface AuthorSpec {
  username: string;
  nickname: string;
  title: string;
  bio: string;
  tags: string;
  url?: string;
  email?: string;
  /** A generated picture; without one the web app draws the author's initials. */
  avatar?: AvatarSpec;
  /** How readily this member likes other people's posts, 0..1. */
  generosity: number;
}

export type FileSpec =
  | { kind: 'chart'; name: string; format: ImageFormat; chart: ChartSpec }
  | { kind: 'pdf'; name: string; document: PdfDocument }
  | { kind: 'text'; name: string; text: string }
  /** A committed clip from seed/assets/. */
  | { kind: 'asset'; name: string; asset: string };

export interface PostSpec {
  /** The author's username. */
  author: string;
  title: string;
  summary: string;
  content: string;
  /** Comma-separated, as typed in the upload form. */
  tags: string;
  aiInstruction?: string;
  visibility?: 'public' | 'private';
  /** How likely another member is to like it, 0..1. */
  buzz: number;
  files: FileSpec[];
}

// The first author registers first and stores the others' pictures, so has none of their own.
export const AUTHORS: AuthorSpec[] = [
  {
    username: 'noah_fischer',
    nickname: 'Noah Fischer',
    title: 'Research software engineer',
    bio: 'I help labs turn analysis scripts into tested, citable software. Ask me about CI, containers and data management plans. I also keep this forum running.',
    tags: 'research software, reproducibility, HPC',
    url: 'https://rse.example.org/noah',
    generosity: 0.75,
  },
  {
    username: 'mara_okafor',
    nickname: 'Dr. Mara Okafor',
    title: 'Condensed-matter physicist',
    bio: 'Low-temperature transport in van der Waals heterostructures. Group leader; I teach the graduate quantum mechanics course and like a good cryostat story.',
    tags: 'physics, 2D materials, transport',
    url: 'https://okafor-lab.example.org',
    email: 'mara.okafor@example.org',
    avatar: { motif: 'orbits', colors: ['#1e3a8a', '#7c3aed'], seed: 11 },
    generosity: 0.55,
  },
  {
    username: 'li_wen',
    nickname: 'Li Wen',
    title: 'Computational neuroscientist',
    bio: 'Postdoc recording hippocampal ensembles in behaving mice and decoding what they represent. Previously physics, so I still write everything as a Hamiltonian.',
    tags: 'neuroscience, hippocampus, decoding',
    generosity: 0.6,
  },
  {
    username: 'jonas.berg',
    nickname: 'Jonas Berg',
    title: 'Climate modeller, Bergen',
    bio: 'Regional climate downscaling and ocean heat uptake in the North Atlantic. Bikes to work in the rain, which is most days.',
    tags: 'climate, oceanography, downscaling',
    url: 'https://climate.example.org/berg',
    avatar: { motif: 'waves', colors: ['#0e7490', '#1d4ed8'], seed: 23 },
    generosity: 0.45,
  },
  {
    username: 'priya_raman',
    nickname: 'Priya Raman',
    title: 'ML researcher — robustness',
    bio: 'PhD candidate working on calibration and distribution shift. I benchmark things so you do not have to, and then I benchmark the benchmarks.',
    tags: 'machine learning, robustness, calibration',
    email: 'priya.raman@example.org',
    avatar: { motif: 'hexagons', colors: ['#be185d', '#f59e0b'], seed: 37 },
    generosity: 0.8,
  },
  {
    username: 'tomas_alvarez',
    nickname: 'Tomás Álvarez',
    title: 'Materials scientist, batteries',
    bio: 'Cathode materials and electrolyte additives for longer-lived lithium-ion cells. Spends too much time in a glovebox.',
    tags: 'materials, batteries, electrochemistry',
    generosity: 0.35,
  },
  {
    username: 'aiko.tanaka',
    nickname: 'Aiko Tanaka',
    title: 'Structural biologist',
    bio: 'Cryo-EM of membrane transporters and the protein-stability assays that keep them alive long enough to image.',
    tags: 'structural biology, cryo-EM, biochemistry',
    url: 'https://tanaka-lab.example.org',
    avatar: { motif: 'peaks', colors: ['#047857', '#65a30d'], seed: 41 },
    generosity: 0.65,
  },
  {
    username: 'samuel_ndiaye',
    nickname: 'Samuel Ndiaye',
    title: 'Marine ecologist',
    bio: 'Seagrass meadows and mangroves of the Saloum Delta: field surveys, loggers, and a boat that mostly works.',
    tags: 'ecology, marine biology, fieldwork',
    generosity: 0.5,
  },
  {
    username: 'elena_rossi',
    nickname: 'Elena Rossi',
    title: 'Astrophysics PhD student',
    bio: 'Eclipsing binaries from TESS photometry, and the spectroscopic follow-up that turns them into stellar masses.',
    tags: 'astrophysics, binaries, photometry',
    avatar: { motif: 'rings', colors: ['#111827', '#4338ca'], seed: 53 },
    generosity: 0.7,
  },
  {
    username: 'fatima_elamrani',
    nickname: 'Fatima El Amrani',
    title: 'Epidemiologist',
    bio: 'Respiratory virus surveillance and vaccine effectiveness. Believer in pre-registered analysis plans.',
    tags: 'epidemiology, public health, surveillance',
    email: 'f.elamrani@example.org',
    avatar: { motif: 'dots', colors: ['#b91c1c', '#ea580c'], seed: 67 },
    generosity: 0.4,
  },
];

// --- Data helpers ---------------------------------------------------------------------------------

const random = createRandom(20_250_301);

const noisy = (xs: number[], model: (x: number) => number, sd: number): Point[] =>
  xs.map((x) => [x, model(x) + random.normal(0, sd)]);

const gaussian = (x: number, mean: number, width: number) =>
  Math.exp(-(((x - mean) / width) ** 2) / 2);

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

const lines = (...text: string[]) => text.join('\n');

function runningMean(points: Point[], window: number): Point[] {
  return points.map(([x], index) => {
    const slice = points.slice(Math.max(0, index - window + 1), index + 1);
    return [x, slice.reduce((sum, [, y]) => sum + y, 0) / slice.length];
  });
}

function csv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((row) => row.join(',')).join('\n') + '\n';
}

// --- Datasets shared by a figure and a file -------------------------------------------------------

const sstYears = linspace(1950, 2024, 75);
const sstAnomaly = noisy(
  sstYears,
  (year) =>
    (year > 1975 ? 0.021 * (year - 1975) : 0) +
    0.16 * Math.sin((2 * Math.PI * (year - 1935)) / 65) -
    0.12,
  0.11,
).map(([year, value]): Point => [year, round(value, 3)]);
const sstSmooth = runningMean(sstAnomaly, 10);

const cycles = linspace(0, 500, 51);
const retention = (fadePer100: number, knee: number) => (cycle: number) =>
  100 - fadePer100 * (cycle / 100) - (cycle > knee ? (0.012 * (cycle - knee) ** 1.3) / 10 : 0);

const mutants = [
  'WT',
  'L45A',
  'V67I',
  'T88S',
  'D102N',
  'E131Q',
  'K156R',
  'F179L',
  'G201A',
  'S230P',
  'Y244F',
  'R268H',
];
const meltShift = [0, -4.2, 1.1, -0.6, -7.8, -2.3, 0.4, -11.5, -1.7, -9.1, 2.4, -3.3];
const meltTemps = meltShift.map((shift) => 52.4 + shift);

const transects = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6'];
const seagrassDry = [412, 366, 298, 244, 171, 96];
const seagrassWet = [455, 401, 352, 261, 150, 74];

const robustnessModels = ['ResNet-50', 'ViT-B/16', 'ConvNeXt-T', 'DeiT-S', 'EffNet-B3'];
const robustnessRows = robustnessModels.map((model, index) => {
  const clean = [76.1, 81.1, 82.1, 79.8, 81.6][index] as number;
  const drop = [36.2, 24.7, 27.9, 26.4, 31.3][index] as number;
  return {
    model,
    clean,
    corrupted: round(clean - drop, 1),
    shifted: round(clean - drop * 0.62 - random.between(1, 4), 1),
    ece: round([0.041, 0.029, 0.033, 0.037, 0.045][index] as number, 3),
  };
});

// --- Posts, oldest first --------------------------------------------------------------------------

export const POSTS: PostSpec[] = [
  {
    author: 'mara_okafor',
    title: 'Resistivity of twisted bilayer graphene down to 1.8 K',
    summary:
      'Four-probe R(T) of two devices at different twist angles. The 1.05° device goes superconducting below about 3 K; the 1.30° one stays metallic.',
    content: lines(
      'First cooldown of the new batch in the Triton fridge.',
      '',
      'Devices: hBN-encapsulated, dual-gated, Hall bar geometry, 1 µm channel.',
      'Excitation: 10 nA at 13.7 Hz, lock-in, 300 ms time constant.',
      '',
      'The linear-in-T slope above 5 K is suspiciously close between the two samples once you normalise by the zero-temperature offset. Comments welcome before we commit to an interpretation.',
    ),
    tags: 'physics, condensed matter, graphene, superconductivity, transport',
    buzz: 0.85,
    files: [
      {
        kind: 'chart',
        name: 'tbg_rxx_vs_T.png',
        format: 'png',
        chart: {
          kind: 'line',
          title: 'R_xx(T) of twisted bilayer graphene',
          subtitle: 'Two devices, n = −2.1 × 10¹² cm⁻², four-probe lock-in measurement',
          xLabel: 'Temperature T (K)',
          yLabel: 'R_xx (Ω)',
          series: [
            {
              name: 'θ = 1.05°',
              points: noisy(
                linspace(1.8, 40, 110),
                (t) => (1200 + 18 * t) / (1 + Math.exp(-(t - 3.1) / 0.25)),
                6,
              ),
            },
            { name: 'θ = 1.30°', points: noisy(linspace(1.8, 40, 110), (t) => 2100 + 11 * t, 6) },
          ],
          notes: [{ x: 3.1, y: 640, text: 'T_c ≈ 3.1 K' }],
        },
      },
    ],
  },
  {
    author: 'li_wen',
    title: 'Place-cell tuning curves from a 40-minute linear-track session',
    summary:
      'Three example CA1 units with clean single fields. Shaded bands are ±1 SEM across laps (n = 62 laps).',
    content: lines(
      'Silicon probe (64 channels) in dorsal CA1, mouse M14, day 3 on the track.',
      'Spikes sorted with Kilosort 4, curated by hand; only units with isolation distance > 20 kept.',
      'Rate maps use 2 cm bins, Gaussian smoothing σ = 4 cm, running speed > 5 cm/s.',
      '',
      'Next step: see whether the fields shift backwards over laps as reported in the classic papers.',
    ),
    tags: 'neuroscience, hippocampus, place cells, electrophysiology',
    buzz: 0.6,
    files: [
      {
        kind: 'chart',
        name: 'ca1_tuning_curves.png',
        format: 'png',
        chart: {
          kind: 'line',
          title: 'CA1 place fields on a 180 cm linear track',
          subtitle: 'Mouse M14, session 3 · mean firing rate ± SEM across 62 laps',
          xLabel: 'Position on track (cm)',
          yLabel: 'Firing rate (Hz)',
          series: [
            [42, 11, 18.5],
            [96, 15, 22.1],
            [151, 13, 9.4],
          ].map(([center, width, peak], index) => {
            const xs = linspace(0, 180, 91);
            const rate = (x: number) =>
              0.4 + (peak as number) * gaussian(x, center as number, width as number);
            return {
              name: `unit ${[17, 42, 63][index]}`,
              points: xs.map((x): Point => [x, rate(x)]),
              band: xs.map((x): [number, number, number] => {
                const sem = 0.25 + 0.09 * rate(x);
                return [x, rate(x) - sem, rate(x) + sem];
              }),
            };
          }),
        },
      },
    ],
  },
  {
    author: 'jonas.berg',
    title: 'North Atlantic SST anomaly 1950–2024 (ERSSTv5, regridded)',
    summary:
      'Annual mean sea-surface temperature anomaly over 40–65° N, 60–10° W relative to 1961–1990, with a 10-year running mean. Data attached as CSV.',
    content: lines(
      'Box average weighted by cos(latitude) on the 2° ERSSTv5 grid.',
      'Baseline: 1961–1990. The multidecadal wiggle is the usual AMV suspect; the post-1975 trend is about 0.2 °C per decade.',
      '',
      'Feel free to reuse the CSV (CC BY 4.0). If someone has the HadISST version handy I would love a side-by-side.',
    ),
    tags: 'climate, oceanography, sea surface temperature, open data',
    buzz: 0.55,
    files: [
      {
        kind: 'chart',
        name: 'natl_sst_anomaly.png',
        format: 'png',
        chart: {
          kind: 'line',
          title: 'North Atlantic SST anomaly, 1950–2024',
          subtitle: '40–65° N, 60–10° W · anomaly relative to 1961–1990 · ERSSTv5',
          xLabel: 'Year',
          yLabel: 'SST anomaly (°C)',
          zeroLine: true,
          series: [
            { name: 'annual mean', points: sstAnomaly, style: 'points' },
            { name: '10-year running mean', points: sstSmooth },
          ],
        },
      },
      {
        kind: 'text',
        name: 'natl_sst_anomaly_1950_2024.csv',
        text: csv(
          ['year', 'sst_anomaly_c', 'running_mean_10y_c'],
          sstAnomaly.map(([year, value], index) => [
            year,
            value.toFixed(3),
            (sstSmooth[index]?.[1] ?? 0).toFixed(3),
          ]),
        ),
      },
    ],
  },
  {
    author: 'priya_raman',
    title: 'Validation loss vs. learning-rate warmup length',
    summary:
      'Same 124M-parameter transformer, same data order, four warmup lengths. Without warmup the run spikes early and never fully recovers.',
    content: lines(
      'Setup: AdamW (β2 = 0.95), peak LR 6e-4, cosine decay to 10%, batch 0.5M tokens.',
      'Only the warmup length changes between runs; seeds fixed.',
      '',
      'Takeaway so far: anything ≥ 500 steps is fine here, and 8k steps just wastes compute.',
      'Curious whether people see the same with Lion or Sophia.',
    ),
    tags: 'machine learning, optimization, transformers, training dynamics',
    aiInstruction:
      'Focus on whether the conclusion about warmup length is supported by the curves.',
    buzz: 0.75,
    files: [
      {
        kind: 'chart',
        name: 'warmup_ablation.png',
        format: 'png',
        chart: {
          kind: 'line',
          title: 'Validation loss for four warmup lengths',
          subtitle: '124M-parameter decoder-only transformer · 20k steps · 3 seeds averaged',
          xLabel: 'Training step (thousands)',
          yLabel: 'Validation loss (nats/token)',
          series: [0, 0.5, 2, 8].map((warmup) => ({
            name: warmup === 0 ? 'no warmup' : `warmup ${warmup * 1000} steps`,
            points: noisy(
              linspace(0.2, 20, 100),
              (k) =>
                3.05 +
                3.4 * Math.exp(-k / (1.1 + warmup * 0.35)) +
                (warmup === 0 ? 0.9 * gaussian(k, 1.4, 0.5) + 0.09 : 0) +
                (warmup === 8 ? 0.05 : 0),
              0.012,
            ),
          })),
        },
      },
    ],
  },
  {
    author: 'tomas_alvarez',
    title: 'Capacity retention of LFP coin cells with VC and FEC additives',
    summary:
      '500 cycles at C/2, 25 °C. Both additives help; 2% FEC keeps 94% of the initial capacity. Report with methods attached.',
    content: lines(
      'CR2032 half-cells, LiFePO4 (commercial, 2.1 mg/cm²) vs Li metal.',
      'Baseline electrolyte: 1 M LiPF6 in EC:EMC 3:7 (wt).',
      '',
      'Three cells per condition; curves are the median cell. The knee in the baseline around cycle 320 coincides with a jump in impedance, see the report.',
    ),
    tags: 'materials, batteries, electrochemistry, LFP',
    aiInstruction: 'Summarise the effect of each additive in one sentence each.',
    buzz: 0.5,
    files: [
      {
        kind: 'chart',
        name: 'lfp_capacity_retention.jpg',
        format: 'jpeg',
        chart: {
          kind: 'line',
          title: 'Capacity retention of LFP half-cells',
          subtitle: 'C/2 charge and discharge, 2.5–4.0 V, 25 °C · median of three cells',
          xLabel: 'Cycle number',
          yLabel: 'Capacity retention (%)',
          markers: true,
          series: [
            { name: 'baseline', points: noisy(cycles, retention(3.1, 320), 0.25) },
            { name: '+ 2% VC', points: noisy(cycles, retention(1.7, 420), 0.25) },
            { name: '+ 2% FEC', points: noisy(cycles, retention(1.2, 480), 0.25) },
          ],
        },
      },
      {
        kind: 'pdf',
        name: 'lfp_additives_report.pdf',
        document: {
          title: 'Electrolyte additives for long-lived LiFePO4 half-cells: a 500-cycle comparison',
          authors: 'Tomás Álvarez, Inés Moreno, Karl Weiss',
          affiliation: 'Battery Materials Group, Institute for Energy Storage',
          note: 'Internal report, group meeting',
          abstract:
            'We compare vinylene carbonate (VC) and fluoroethylene carbonate (FEC) as 2 wt% additives to a carbonate electrolyte in LiFePO4/Li half-cells cycled at C/2 for 500 cycles. The baseline cells retain 82% of their initial capacity, VC cells 91% and FEC cells 94%. Impedance spectra taken every 50 cycles show that the capacity knee of the baseline cells coincides with a rise in interfacial resistance on the lithium side, which both additives suppress.',
          keywords: ['lithium iron phosphate', 'electrolyte additives', 'SEI', 'cycle life'],
          sections: [
            {
              heading: 'Methods',
              paragraphs: [
                'Electrodes were cast from a slurry of 90% LFP, 5% carbon black and 5% PVDF in NMP onto aluminium foil and calendered to 35% porosity. CR2032 cells were assembled in an argon glovebox (O2 and H2O below 0.5 ppm) with a Celgard 2325 separator and 60 µL of electrolyte.',
                'Cells rested for 12 h, performed two formation cycles at C/10 and were then cycled at C/2 between 2.5 and 4.0 V. Impedance spectra (100 kHz to 10 mHz, 10 mV amplitude) were recorded at 100% state of charge every 50 cycles.',
              ],
            },
            {
              heading: 'Results',
              paragraphs: [
                'Median retention after 500 cycles was 82.1% (baseline), 90.8% (VC) and 94.2% (FEC). The spread between the three cells of one condition stayed below 1.5 percentage points.',
                'The high-frequency semicircle of the baseline cells grew from 18 to 61 ohm between cycles 300 and 350, the same window in which the capacity fade accelerates. Cells with either additive showed a slow, linear growth to below 30 ohm.',
              ],
            },
            {
              heading: 'Next steps',
              paragraphs: [
                'Full cells against graphite, to separate the lithium-metal side from the cathode, and post-mortem XPS of the anode surface.',
              ],
            },
          ],
          references: [
            'Aurbach, D. et al. On the use of vinylene carbonate as an additive to electrolyte solutions for Li-ion batteries. Electrochim. Acta 47, 1423 (2002).',
            'Zhang, X.-Q. et al. Fluoroethylene carbonate additives to render uniform Li deposits. Adv. Funct. Mater. 27, 1605989 (2017).',
          ],
        },
      },
    ],
  },
  {
    author: 'aiko.tanaka',
    title: 'Thermal shift assay: melting temperatures of 11 transporter mutants',
    summary:
      'nanoDSF Tm for wild type and 11 point mutants of our sodium-coupled transporter in DDM. F179L and S230P are badly destabilised, Y244F slightly stabilised.',
    content: lines(
      'Protein at 0.5 mg/mL in 20 mM HEPES pH 7.5, 150 mM NaCl, 0.03% DDM.',
      'Ramp 1 °C/min from 20 to 95 °C; Tm from the first derivative of the 350/330 nm ratio.',
      'Error bars: SD of three technical replicates.',
      '',
      'Plan: take WT, V67I and Y244F forward to grids; F179L is probably a folding mutant and will be dropped.',
    ),
    tags: 'biology, biochemistry, protein stability, membrane proteins',
    buzz: 0.45,
    files: [
      {
        kind: 'chart',
        name: 'nanodsf_tm_mutants.png',
        format: 'png',
        chart: {
          kind: 'bar',
          title: 'Melting temperature of transporter variants (nanoDSF)',
          subtitle: 'DDM micelles, pH 7.5 · mean ± SD of three replicates',
          xLabel: 'Variant',
          yLabel: 'T_m (°C)',
          categories: mutants,
          series: [
            {
              name: 'T_m',
              values: meltTemps.map((value) => round(value + random.normal(0, 0.2), 1)),
              errors: meltTemps.map(() => round(random.between(0.2, 0.9), 2)),
            },
          ],
        },
      },
    ],
  },
  {
    author: 'samuel_ndiaye',
    title: 'Seagrass shoot density along the Saloum transects, dry vs. wet season',
    summary:
      'Cymodocea nodosa shoot density falls steadily from the ocean-side transect T1 to the inland T6, and the gradient steepens in the wet season.',
    content: lines(
      'Six permanent transects, ten 0.25 m² quadrats each, surveyed in March (dry) and September (wet).',
      'Bars: mean shoots per m² ± SE.',
      '',
      'The inland drop in the wet season matches the turbidity plume from the river. Raw counts will follow once the team has double-checked the quadrat sheets.',
    ),
    tags: 'ecology, marine biology, seagrass, fieldwork, Senegal',
    buzz: 0.4,
    files: [
      {
        kind: 'chart',
        name: 'seagrass_density_transects.jpg',
        format: 'jpeg',
        chart: {
          kind: 'bar',
          title: 'Cymodocea nodosa shoot density, Saloum Delta',
          subtitle:
            'Six transects from the ocean (T1) to the inner estuary (T6) · mean ± SE, n = 10 quadrats',
          xLabel: 'Transect',
          yLabel: 'Shoots per m²',
          categories: transects,
          series: [
            {
              name: 'dry season (March)',
              values: seagrassDry,
              errors: seagrassDry.map((v) => round(v * 0.09, 1)),
            },
            {
              name: 'wet season (September)',
              values: seagrassWet,
              errors: seagrassWet.map((v) => round(v * 0.11, 1)),
            },
          ],
        },
      },
    ],
  },
  {
    author: 'elena_rossi',
    title: 'Phase-folded TESS light curve of a new eclipsing binary candidate',
    summary:
      'TIC 2xxxx (anonymised until the follow-up is done): period 2.8473 d, primary eclipse 18% deep, secondary 5%. Looks like a detached system.',
    content: lines(
      'Two-minute cadence PDCSAP flux from sectors 58 and 59, detrended with a 1-day biweight filter.',
      'Period from BLS, refined with a Lomb–Scargle on the out-of-eclipse variation.',
      '',
      'The secondary at phase 0.5 suggests a circular orbit. Anyone with time on a 2 m-class spectrograph in the north? Happy to share the target.',
    ),
    tags: 'astrophysics, eclipsing binaries, TESS, photometry',
    buzz: 0.65,
    files: [
      {
        kind: 'chart',
        name: 'eb_candidate_phase_folded.png',
        format: 'png',
        chart: {
          kind: 'scatter',
          title: 'Phase-folded light curve, P = 2.8473 d',
          subtitle: 'TESS sectors 58–59, 2-min cadence, detrended PDCSAP flux',
          xLabel: 'Orbital phase',
          yLabel: 'Normalised flux',
          groups: [
            {
              name: 'TESS 2-min cadence',
              points: noisy(
                Array.from({ length: 420 }, () => random.between(-0.25, 0.75)),
                (phase) =>
                  1 - 0.18 * gaussian(phase, 0, 0.018) - 0.05 * gaussian(phase, 0.5, 0.018),
                0.004,
              ),
            },
          ],
        },
      },
    ],
  },
  {
    author: 'noah_fischer',
    title: 'Reproducible analysis pipelines: the checklist we now use',
    summary:
      'Eleven items that caught most of our "works on my laptop" failures, from pinned environments to data checksums. Markdown, copy freely.',
    content: lines(
      'After helping four groups rerun analyses for revisions, the same problems kept coming back.',
      'This is the checklist we now go through before a paper is submitted.',
      '',
      'Additions and disagreements very welcome, especially from people running on clusters.',
    ),
    tags: 'research software, reproducibility, best practices',
    buzz: 0.9,
    files: [
      {
        kind: 'text',
        name: 'reproducibility-checklist.md',
        text: lines(
          '# Reproducible analysis: pre-submission checklist',
          '',
          '## Environment',
          '',
          '- [ ] The environment is pinned (`uv.lock`, `renv.lock`, `environment.yml` with versions, or a container digest).',
          '- [ ] A fresh clone runs end to end with one documented command.',
          '- [ ] Random seeds are set and written into the output metadata.',
          '',
          '## Data',
          '',
          '- [ ] Raw data are read-only; every derived file is produced by code.',
          '- [ ] Checksums (SHA-256) of the raw inputs are recorded in the repository.',
          '- [ ] Large inputs have a persistent identifier (DOI, or an IPFS CID).',
          '',
          '## Code',
          '',
          '- [ ] Figures are generated by scripts, never edited by hand.',
          '- [ ] Tests cover the parts that turn data into numbers reported in the paper.',
          '- [ ] CI runs the tests and a small end-to-end example on every push.',
          '',
          '## Publication',
          '',
          '- [ ] The exact commit is tagged and archived (Zenodo or Software Heritage).',
          '- [ ] The paper cites the software and the data, with versions.',
          '',
          '---',
          'Maintained by the RSE team. Last revised after the spring workshop.',
          '',
        ),
      },
    ],
  },
  {
    author: 'fatima_elamrani',
    title: 'Influenza-like illness incidence: three seasons compared',
    summary:
      'Weekly ILI consultation rates from the sentinel GP network. 2022/23 peaked early and high, 2023/24 was flat, 2024/25 peaked late in week 5.',
    content: lines(
      'Rates per 100,000 population, 118 sentinel practices, weeks 40 to 20.',
      'Not age-standardised yet; the 2024/25 peak was driven by school-age children.',
      '',
      'Question for the modellers here: is anyone fitting a simple SIR with a seasonal forcing to sentinel data like this, or is that hopeless without serology?',
    ),
    tags: 'epidemiology, influenza, surveillance, public health',
    buzz: 0.5,
    files: [
      {
        kind: 'chart',
        name: 'ili_three_seasons.png',
        format: 'png',
        chart: {
          kind: 'line',
          title: 'Influenza-like illness consultations per week',
          subtitle: 'Sentinel GP network, 118 practices · rate per 100,000 population',
          xLabel: 'Weeks since week 40',
          yLabel: 'ILI rate per 100,000',
          markers: true,
          series: [
            ['2022/23', 9, 310, 2.6],
            ['2023/24', 12, 180, 4.2],
            ['2024/25', 17, 285, 2.9],
          ].map(([name, peakWeek, peak, width]) => ({
            name: name as string,
            points: noisy(
              linspace(0, 32, 33),
              (week) => 22 + (peak as number) * gaussian(week, peakWeek as number, width as number),
              5,
            ).map(([week, value]): Point => [week, Math.max(0, value)]),
          })),
        },
      },
    ],
  },
  {
    author: 'mara_okafor',
    title: 'Beats from two coupled oscillators (lab demo clip)',
    summary:
      'Oscilloscope recording from the undergraduate lab: 220 Hz and 331 Hz drives summed on one channel. Good for explaining beats and Fourier components.',
    content: lines(
      'We use this in week 3 of the lab course.',
      'Two function generators into a summing amplifier, scope in roll mode, recorded at 15 fps.',
      '',
      'Students are asked to read the beat period off the screen and compare with 1/(f2 − f1).',
    ),
    tags: 'physics, teaching, oscillations, acoustics',
    buzz: 0.35,
    files: [{ kind: 'asset', name: 'coupled_oscillators_scope.mp4', asset: 'oscilloscope.mp4' }],
  },
  {
    author: 'jonas.berg',
    title: 'Methods note: downscaling CMIP6 precipitation over Western Norway',
    summary:
      'A short note on quantile-mapping bias correction with a seasonal moving window, and why it fails for the wettest 0.1% of days on the west coast.',
    content: lines(
      'Written for the project consortium; posting it here because several of you asked.',
      'The appendix tables are omitted; ask me for the full version.',
    ),
    tags: 'climate, downscaling, precipitation, CMIP6, statistics',
    aiInstruction: 'Explain the main limitation of the method for a non-specialist.',
    buzz: 0.4,
    files: [
      {
        kind: 'pdf',
        name: 'downscaling_methods_note.pdf',
        document: {
          title: 'Quantile-mapping bias correction of CMIP6 precipitation over Western Norway',
          authors: 'Jonas Berg, Sigrid Haugen',
          affiliation: 'Geophysical Institute and Bjerknes Centre for Climate Research',
          note: 'Methods note, version 2',
          abstract:
            'We describe the empirical quantile-mapping scheme used to bias-correct daily precipitation from twelve CMIP6 models against the 1 km seNorge2 gridded observations over Western Norway. A 31-day moving window preserves the seasonal cycle of the bias. The method removes most of the mean and variance bias, but it systematically underestimates the wettest 0.1% of days on the coast, where the models place orographic maxima too far inland.',
          keywords: ['bias correction', 'quantile mapping', 'orographic precipitation', 'CMIP6'],
          sections: [
            {
              heading: 'Data',
              paragraphs: [
                'Daily precipitation from twelve CMIP6 models (historical and SSP2-4.5, SSP5-8.5) was interpolated conservatively to the 1 km grid of seNorge2. The calibration period is 1985–2014.',
              ],
            },
            {
              heading: 'Method',
              paragraphs: [
                'For each grid cell and calendar day, model and observed empirical quantiles are estimated from all days within a 31-day window across the 30 calibration years. Future values are mapped through the calibration transfer function; values beyond the calibrated range receive a constant additive correction.',
                'Wet-day frequency is corrected first by thresholding the model series so that its dry-day fraction matches the observations.',
              ],
            },
            {
              heading: 'Limitations',
              paragraphs: [
                'Quantile mapping corrects the distribution at each grid cell independently. Where the model places the orographic maximum 20–40 km inland of the observed one, the most extreme coastal days are mapped from the wrong part of the model distribution, and the correction cannot recover them. We therefore recommend against using the corrected series for return levels beyond about 20 years at coastal stations.',
              ],
            },
          ],
          references: [
            'Lussana, C. et al. seNorge2 daily precipitation, an observational gridded dataset over Norway. Earth Syst. Sci. Data 10, 235 (2018).',
            'Cannon, A. J., Sobie, S. R. and Murdock, T. Q. Bias correction of GCM precipitation by quantile mapping. J. Climate 28, 6938 (2015).',
          ],
        },
      },
    ],
  },
  {
    author: 'priya_raman',
    title: 'Where does our CIFAR-10 classifier get confused?',
    summary:
      'Row-normalised confusion matrix of a ResNet-18 at 94.1% test accuracy. Cat/dog and automobile/truck account for almost half of all errors.',
    content: lines(
      'Nothing surprising, but I needed the figure for a talk and it may save someone twenty minutes.',
      'Trained 200 epochs, SGD with momentum, standard augmentation (crop + flip).',
      '',
      'Diagonal values are per-class recall.',
    ),
    tags: 'machine learning, computer vision, evaluation, CIFAR-10',
    aiInstruction: 'List the two most confused class pairs and a likely reason for each.',
    buzz: 0.55,
    files: [
      {
        kind: 'chart',
        name: 'cifar10_confusion_matrix.png',
        format: 'png',
        chart: (() => {
          const classes = [
            'plane',
            'car',
            'bird',
            'cat',
            'deer',
            'dog',
            'frog',
            'horse',
            'ship',
            'truck',
          ];
          const confusions: Record<string, number> = {
            '3,5': 0.09,
            '5,3': 0.07,
            '1,9': 0.03,
            '9,1': 0.035,
            '0,8': 0.02,
            '8,0': 0.025,
            '2,4': 0.02,
            '4,7': 0.015,
          };
          const values = classes.map((_, row) => {
            const off = classes.map((__, column) =>
              row === column ? 0 : (confusions[`${row},${column}`] ?? random.between(0, 0.006)),
            );
            const diagonal = 1 - off.reduce((sum, value) => sum + value, 0);
            return off.map((value, column) => round(column === row ? diagonal : value, 3));
          });
          return {
            kind: 'heatmap',
            title: 'CIFAR-10 confusion matrix, ResNet-18',
            subtitle: 'Row-normalised · test set, 10,000 images · overall accuracy 94.1%',
            xLabel: 'Predicted class',
            yLabel: 'True class',
            xTicks: classes,
            yTicks: classes,
            values,
            scaleLabel: 'fraction',
          } satisfies ChartSpec;
        })(),
      },
    ],
  },
  {
    author: 'aiko.tanaka',
    title: 'Toy model of colony expansion on soft agar (cellular automaton)',
    summary:
      'A 4-second render of the lattice model we use to teach nutrient-limited colony growth, plus a two-page description of the rules.',
    content: lines(
      'Rules are a Life-like automaton with a slow nutrient field; colonies nucleate, spread and starve.',
      'It is not meant to be quantitative, just to give students an intuition for branching fronts.',
      '',
      'Video: 320×180, 15 fps, H.264. The PDF has the update rules and parameter values.',
    ),
    tags: 'biology, microbiology, simulation, teaching',
    buzz: 0.45,
    files: [
      { kind: 'asset', name: 'colony_expansion_model.mp4', asset: 'colony.mp4' },
      {
        kind: 'pdf',
        name: 'colony_model_rules.pdf',
        document: {
          title: 'A lattice toy model of nutrient-limited colony expansion',
          authors: 'Aiko Tanaka',
          affiliation: 'Teaching notes, Molecular Biophysics course',
          abstract:
            'We describe a cellular automaton on a square lattice in which each site is empty or occupied by a cell, coupled to a diffusing nutrient field. Occupied sites divide into empty neighbours with a probability proportional to the local nutrient, and die when it is exhausted. With slow nutrient diffusion the colony front becomes unstable and branches, reproducing qualitatively the morphologies seen on soft agar.',
          keywords: ['cellular automaton', 'colony morphology', 'diffusion-limited growth'],
          sections: [
            {
              heading: 'Update rules',
              paragraphs: [
                'At every step each occupied site consumes a fixed amount of nutrient c. It divides into a random empty neighbour with probability p = k n / (1 + k n), where n is the local nutrient concentration, and it dies when n falls below a threshold.',
                'The nutrient field obeys a discrete diffusion equation with coefficient D. The ratio of D to the consumption rate sets the morphology: compact colonies for large D, branched fronts for small D.',
              ],
            },
            {
              heading: 'Parameters used in the clip',
              paragraphs: [
                'Lattice 320 by 180 sites, k = 2.0, c = 0.05, D = 0.1, initial nutrient 1.0 everywhere, ten random seeds of occupied sites.',
              ],
            },
          ],
        },
      },
    ],
  },
  {
    author: 'li_wen',
    title: 'Preprint: theta sequences compress future paths in CA1',
    summary:
      'Our preprint is out. Within each theta cycle the decoded position sweeps ahead of the animal by up to 25 cm, and the sweep length scales with running speed.',
    content: lines(
      'Figure 3 and the full preprint attached.',
      '',
      'Bayesian decoding in 20 ms windows, 40 sessions from 7 mice. The decoded position relative to the animal is averaged across theta cycles aligned to the trough.',
      '',
      'Reviews and critical comments welcome, especially on the shuffle controls in section 3.',
    ),
    tags: 'neuroscience, hippocampus, theta oscillations, decoding, preprint',
    aiInstruction: 'Assess whether the shuffle controls described are sufficient.',
    buzz: 0.8,
    files: [
      {
        kind: 'chart',
        name: 'theta_sweep_fig3.png',
        format: 'png',
        chart: {
          kind: 'line',
          title: 'Decoded position relative to the animal across the theta cycle',
          subtitle: '40 sessions, 7 mice · mean ± 95% CI · binned by running speed',
          xLabel: 'Theta phase (degrees, 0 = trough)',
          yLabel: 'Decoded − actual position (cm)',
          zeroLine: true,
          series: [
            ['10–20 cm/s', 11],
            ['20–30 cm/s', 17],
            ['> 30 cm/s', 24],
          ].map(([name, sweep]) => {
            const xs = linspace(0, 360, 37);
            const value = (phase: number) => -6 + ((sweep as number) + 6) * (phase / 360) ** 1.15;
            return {
              name: name as string,
              points: xs.map((x): Point => [x, value(x)]),
              band: xs.map((x): [number, number, number] => [x, value(x) - 2.2, value(x) + 2.2]),
            };
          }),
        },
      },
      {
        kind: 'pdf',
        name: 'wen2025_theta_sequences_preprint.pdf',
        document: {
          title: 'Theta sequences in CA1 compress future paths in proportion to running speed',
          authors: 'Li Wen, Hannah Brooks, Daniel Kovacs, Rui Costa',
          affiliation: 'Centre for Neural Circuits and Behaviour',
          note: 'Preprint',
          abstract:
            "Place cells in the hippocampus fire in sequences within each cycle of the theta oscillation, sweeping from the animal's current position to positions ahead. Using Bayesian decoding of large CA1 ensembles recorded with silicon probes in mice running on linear and W-shaped tracks, we show that the length of these sweeps grows linearly with running speed, from 11 cm at 10–20 cm/s to 24 cm above 30 cm/s, such that the time-compressed look-ahead covers a roughly constant 0.7 s of future travel. Sweeps before a choice point extend preferentially into the arm subsequently chosen.",
          keywords: ['hippocampus', 'theta sequences', 'place cells', 'decoding', 'planning'],
          sections: [
            {
              heading: 'Introduction',
              paragraphs: [
                'Theta sequences have been proposed to support prediction and planning, but whether their extent is set in space or in time is unresolved. If sweeps represent a fixed look-ahead time, their spatial extent should grow with speed.',
              ],
            },
            {
              heading: 'Results',
              paragraphs: [
                'Across 40 sessions the decoded position advanced monotonically through each theta cycle. Sweep length, defined as the decoded offset at the end of the cycle, increased by 0.62 cm per cm/s of running speed (linear mixed model, p < 0.001).',
                'Shuffling spike times within theta cycles, or shuffling cell identities, abolished the phase dependence, while shuffling theta cycles between laps of equal speed preserved it.',
              ],
            },
            {
              heading: 'Discussion',
              paragraphs: [
                'A constant look-ahead time is consistent with models in which theta sequences read out a predictive map. The bias towards the chosen arm suggests that sweeps carry information used for the upcoming decision rather than merely reflecting past experience.',
              ],
            },
          ],
          references: [
            'Foster, D. J. and Wilson, M. A. Hippocampal theta sequences. Hippocampus 17, 1093 (2007).',
            'Kay, K. et al. Constant sub-second cycling between representations of possible futures in the hippocampus. Cell 180, 552 (2020).',
          ],
        },
      },
    ],
  },
  {
    author: 'samuel_ndiaye',
    title: 'Raw quadrat counts: Saloum seagrass survey 2024',
    summary:
      'The raw data behind the transect figure: 120 quadrats with shoot counts, canopy height and epiphyte cover. CSV, CC BY 4.0.',
    content: lines(
      'As promised, the checked quadrat data.',
      'Columns: transect, quadrat, season, shoots_per_m2, canopy_height_cm, epiphyte_cover_pct, lat, lon.',
      'Coordinates are WGS84 decimal degrees, rounded to 4 decimals.',
    ),
    tags: 'ecology, seagrass, open data, fieldwork',
    buzz: 0.25,
    files: [
      {
        kind: 'text',
        name: 'saloum_seagrass_quadrats_2024.csv',
        text: csv(
          [
            'transect',
            'quadrat',
            'season',
            'shoots_per_m2',
            'canopy_height_cm',
            'epiphyte_cover_pct',
            'lat',
            'lon',
          ],
          transects.flatMap((transect, t) =>
            (['dry', 'wet'] as const).flatMap((season) =>
              Array.from({ length: 10 }, (_, q) => {
                const mean = (season === 'dry' ? seagrassDry : seagrassWet)[t] as number;
                return [
                  transect,
                  q + 1,
                  season,
                  Math.max(0, Math.round(mean + random.normal(0, mean * 0.28))),
                  round(Math.max(3, 24 - t * 2.4 + random.normal(0, 2.5)), 1),
                  Math.min(100, Math.max(0, Math.round(12 + t * 7 + random.normal(0, 6)))),
                  (13.8312 + t * 0.0123 + q * 0.0004).toFixed(4),
                  (-16.7488 + t * 0.0151 + q * 0.0003).toFixed(4),
                ];
              }),
            ),
          ),
        ),
      },
    ],
  },
  {
    author: 'elena_rossi',
    title: 'Our eclipsing-binary candidates so far: period vs. eclipse depth',
    summary:
      '63 candidates from the sector 58–61 search, 9 of them confirmed spectroscopically. The confirmed ones cluster at short periods and deep eclipses, as expected from selection.',
    content: lines(
      'Depth is the primary eclipse depth in the TESS band.',
      'Confirmed = double-lined spectra with a consistent period.',
      '',
      'The four long-period shallow ones are probably grazing; we will not chase them this semester.',
    ),
    tags: 'astrophysics, eclipsing binaries, TESS, survey',
    buzz: 0.35,
    files: [
      {
        kind: 'chart',
        name: 'eb_candidates_period_depth.jpg',
        format: 'jpeg',
        chart: {
          kind: 'scatter',
          title: 'Eclipsing-binary candidates, TESS sectors 58–61',
          subtitle: 'Primary eclipse depth against orbital period',
          xLabel: 'Orbital period (days)',
          yLabel: 'Primary eclipse depth (fraction of flux)',
          groups: [
            {
              name: 'candidate (54)',
              points: Array.from({ length: 54 }, (): Point => {
                const period = 0.4 + 11 * random.next() ** 1.6;
                return [
                  round(period, 3),
                  round(Math.max(0.01, 0.42 * Math.exp(-period / 5) * random.between(0.2, 1.2)), 3),
                ];
              }),
            },
            {
              name: 'confirmed (9)',
              points: Array.from({ length: 9 }, (): Point => [
                round(random.between(0.6, 4.2), 3),
                round(random.between(0.16, 0.44), 3),
              ]),
            },
          ],
        },
      },
    ],
  },
  {
    author: 'noah_fischer',
    title: 'Rendering the Mandelbrot set on the new GPU partition',
    summary:
      'A short clip from the HPC onboarding workshop: a deep zoom rendered with one CUDA kernel per frame, as a first exercise on the new A100 nodes.',
    content: lines(
      'We use this as the hello-world of the GPU partition: embarrassingly parallel, visually obvious when you get the indexing wrong.',
      'Workshop materials (Slurm scripts, kernel, CPU reference) are in the RSE GitLab under hpc-onboarding.',
      '',
      'Clip: WebM (VP9), 320×180, 15 fps.',
    ),
    tags: 'HPC, GPU, teaching, visualization, research software',
    buzz: 0.5,
    files: [{ kind: 'asset', name: 'mandelbrot_gpu_zoom.webm', asset: 'fractal.webm' }],
  },
  {
    author: 'fatima_elamrani',
    title: 'Protocol: test-negative design for influenza VE, 2024/25 season',
    summary:
      'Our pre-registered protocol for estimating vaccine effectiveness against medically attended influenza in primary care, with the analysis plan and sample size.',
    content: lines(
      'Posting the protocol before we look at any outcome data.',
      'Comments on the covariate set and the handling of prior-season vaccination are particularly welcome.',
    ),
    tags: 'epidemiology, vaccine effectiveness, influenza, study protocol',
    aiInstruction: 'Point out potential sources of bias in the design.',
    buzz: 0.4,
    files: [
      {
        kind: 'pdf',
        name: 'tnd_influenza_ve_protocol_2024_25.pdf',
        document: {
          title:
            'Influenza vaccine effectiveness in primary care, 2024/25: a test-negative design protocol',
          authors: 'Fatima El Amrani, Joao Ferreira, Anna Lindqvist',
          affiliation: 'Department of Infectious Disease Epidemiology',
          note: 'Protocol version 1.0, registered before data collection',
          abstract:
            'We will estimate vaccine effectiveness (VE) of the 2024/25 seasonal influenza vaccines against laboratory-confirmed, medically attended influenza among adults aged 18 and over using a test-negative design in a sentinel network of 118 general practices. Patients consulting with influenza-like illness within 7 days of symptom onset are swabbed and tested by RT-PCR; cases are test-positive and controls test-negative patients. VE is estimated as one minus the adjusted odds ratio of vaccination, by type and subtype and by age group.',
          keywords: ['influenza', 'vaccine effectiveness', 'test-negative design', 'primary care'],
          sections: [
            {
              heading: 'Study population and outcomes',
              paragraphs: [
                'Eligible patients are adults consulting a sentinel practice with influenza-like illness (EU case definition) who are swabbed within 7 days of symptom onset. The primary outcome is RT-PCR-confirmed influenza A or B.',
              ],
            },
            {
              heading: 'Analysis plan',
              paragraphs: [
                'VE is estimated by logistic regression adjusting for age (restricted cubic spline), sex, week of onset (spline), chronic conditions and practice as a random effect. Patients vaccinated fewer than 14 days before onset are excluded.',
                'Sensitivity analyses: restriction to swabs within 4 days of onset; adjustment for prior-season vaccination; exclusion of patients tested more than once.',
              ],
            },
            {
              heading: 'Sample size',
              paragraphs: [
                'With an expected 30% vaccination coverage among controls and 1,200 cases, the study can estimate a VE of 40% with a 95% confidence interval of plus or minus 12 percentage points.',
              ],
            },
          ],
          references: [
            'Jackson, M. L. and Nelson, J. C. The test-negative design for estimating influenza vaccine effectiveness. Vaccine 31, 2165 (2013).',
            'Sullivan, S. G., Tchetgen Tchetgen, E. J. and Cowling, B. J. Theoretical basis of the test-negative study design. Am. J. Epidemiol. 184, 345 (2016).',
          ],
        },
      },
    ],
  },
  {
    author: 'tomas_alvarez',
    title: "Vegard's law holds for Mn-substituted LiFe₁₋ₓMnₓPO₄",
    summary:
      'Lattice parameter a from Rietveld refinement of 14 compositions follows a straight line up to x = 0.5. No sign of phase separation in this range.',
    content: lines(
      'Lab diffractometer, Cu Kα, 10–80° 2θ, refined in GSAS-II with Si as internal standard.',
      'Samples by solid-state synthesis, 700 °C under Ar/H2.',
      '',
      'Slope agrees with the ionic-radius argument (Mn²⁺ is larger than Fe²⁺).',
    ),
    tags: 'materials, crystallography, XRD, batteries',
    buzz: 0.3,
    files: [
      {
        kind: 'chart',
        name: 'vegard_lfmp_lattice_a.png',
        format: 'png',
        chart: {
          kind: 'scatter',
          title: 'Lattice parameter a of LiFe₁₋ₓMnₓPO₄',
          subtitle: 'Rietveld refinement, Cu Kα, Si internal standard',
          xLabel: 'Mn fraction x',
          yLabel: 'a (Å)',
          fit: true,
          groups: [
            {
              name: 'refined a',
              points: noisy(linspace(0, 0.5, 14), (x) => 10.329 + 0.118 * x, 0.0025).map(
                ([x, y]): Point => [round(x, 3), round(y, 4)],
              ),
            },
          ],
        },
      },
    ],
  },
  {
    author: 'mara_okafor',
    title: 'Lecture notes: Berry phase in two-band models',
    summary:
      'Notes from week 7 of the graduate QM course: adiabatic evolution, Berry connection and curvature, and the massive Dirac model as the worked example.',
    content: lines(
      'Typed up from the board. Ten pages would be too many for a handout, so this is the condensed version.',
      'Problem set 7 refers to the equations in section 3.',
      '',
      'Corrections welcome; I promise extra credit to students who find real mistakes.',
    ),
    tags: 'physics, teaching, quantum mechanics, topology',
    buzz: 0.6,
    files: [
      {
        kind: 'pdf',
        name: 'berry_phase_lecture_notes.pdf',
        document: {
          title: 'Berry phase in two-band models',
          authors: 'Mara Okafor',
          affiliation: 'Graduate Quantum Mechanics, lecture 7',
          abstract:
            'These notes introduce the geometric phase acquired by a quantum state under slow, cyclic changes of a Hamiltonian. We derive the Berry connection and curvature, show that the phase around a closed loop equals the flux of the curvature through it, and evaluate both for a general two-band Hamiltonian H(k) = d(k) · σ. For the massive Dirac model the curvature is concentrated near k = 0 and integrates to half a flux quantum, the origin of the half-integer quantum Hall response of a single gapped Dirac cone.',
          keywords: ['Berry phase', 'adiabatic theorem', 'two-band models', 'Chern number'],
          sections: [
            {
              heading: 'Adiabatic evolution',
              paragraphs: [
                'Let H(R) depend on parameters R that change slowly along a closed path C. A system prepared in the non-degenerate eigenstate |n(R)> remains in it up to a phase, which consists of the familiar dynamical phase and a geometric part gamma_n = i times the loop integral of <n|grad_R n> along C.',
              ],
            },
            {
              heading: 'Connection and curvature',
              paragraphs: [
                "The integrand A_n(R) = i <n|grad_R n> is the Berry connection. It depends on the phase convention of the eigenstates, but its loop integral does not, modulo 2 pi. By Stokes' theorem the phase equals the flux of the Berry curvature, the curl of A_n, through any surface bounded by C.",
              ],
            },
            {
              heading: 'Two-band models',
              paragraphs: [
                'For H(k) = d(k) · sigma, the curvature of the lower band is minus one half times the solid angle swept by the unit vector d/|d|. The Chern number of the band is therefore the number of times d/|d| wraps the unit sphere as k covers the Brillouin zone.',
                'For the massive Dirac model d = (v kx, v ky, m), the curvature is m v^2 / 2 (v^2 k^2 + m^2)^(3/2). It integrates over the plane to sign(m)/2: a single gapped Dirac cone carries half a Chern number.',
              ],
            },
          ],
          references: [
            'Berry, M. V. Quantal phase factors accompanying adiabatic changes. Proc. R. Soc. Lond. A 392, 45 (1984).',
            'Xiao, D., Chang, M.-C. and Niu, Q. Berry phase effects on electronic properties. Rev. Mod. Phys. 82, 1959 (2010).',
          ],
        },
      },
    ],
  },
  {
    author: 'priya_raman',
    title: 'Rule 110 running: a universal computer in four seconds',
    summary:
      'A clip of elementary cellular automaton Rule 110 from a random initial row. I use it to open my talk on what "simple models" can and cannot tell us.',
    content: lines(
      'Each row is one time step, scrolling upward. Gliders moving through the periodic background are the "signals" of the universality proof.',
      '',
      "Rendered with ffmpeg's cellauto source, VP8 WebM.",
    ),
    tags: 'complexity, cellular automata, computation, teaching',
    buzz: 0.3,
    files: [{ kind: 'asset', name: 'rule110_cellular_automaton.webm', asset: 'automaton.webm' }],
  },
  {
    author: 'jonas.berg',
    title: 'Precipitation anomaly in Bergen by month, 2000–2024',
    summary:
      'Monthly precipitation relative to the 1991–2020 normal. The wet autumns of 2020 and 2023 stand out, and winters have become wetter overall.',
    content: lines(
      'Florida station (Bergen), homogenised series from the Met Norway archive.',
      'Colour: percent of the 1991–2020 monthly normal minus 100.',
      '',
      'Made this for a public talk; the diverging colour map is colour-blind safe.',
    ),
    tags: 'climate, precipitation, Norway, data visualization',
    buzz: 0.45,
    files: [
      {
        kind: 'chart',
        name: 'bergen_precip_anomaly_heatmap.jpg',
        format: 'jpeg',
        chart: (() => {
          const years = linspace(2000, 2024, 25);
          const months = [
            'Jan',
            'Feb',
            'Mar',
            'Apr',
            'May',
            'Jun',
            'Jul',
            'Aug',
            'Sep',
            'Oct',
            'Nov',
            'Dec',
          ];
          const values = months.map((_, month) =>
            years.map((year) => {
              const winter = month <= 1 || month >= 10 ? 0.9 * (year - 2000) : 0;
              const wetAutumn =
                (year === 2020 || year === 2023) && month >= 8 && month <= 10 ? 55 : 0;
              return Math.round(
                Math.max(-80, Math.min(120, random.normal(winter + wetAutumn, 28))),
              );
            }),
          );
          return {
            kind: 'heatmap',
            title: 'Bergen monthly precipitation anomaly, 2000–2024',
            subtitle: 'Percent departure from the 1991–2020 monthly normal · Florida station',
            xLabel: 'Year',
            yLabel: 'Month',
            xTicks: years.map(String),
            yTicks: months,
            values,
            scaleLabel: '% of normal',
            diverging: true,
          } satisfies ChartSpec;
        })(),
      },
    ],
  },
  {
    author: 'li_wen',
    title: 'Spike-sorting settings we settled on (Kilosort 4, NP 1.0)',
    summary:
      'Plain-text notes on the Kilosort 4 parameters and curation criteria that worked for our Neuropixels 1.0 hippocampal recordings.',
    content: lines(
      'Several people in the department asked, so here they are.',
      'These are starting points, not gospel. Drift correction matters more than anything else.',
    ),
    tags: 'neuroscience, spike sorting, methods, Neuropixels',
    buzz: 0.35,
    files: [
      {
        kind: 'text',
        name: 'kilosort4_settings_notes.txt',
        text: lines(
          'Kilosort 4 settings - hippocampus, Neuropixels 1.0, head-fixed and freely moving',
          '=============================================================================',
          '',
          'Preprocessing',
          '  - common average reference across the shank, high-pass 300 Hz',
          '  - drift correction ON (nblocks = 5 for 3.8 mm of active sites)',
          '',
          'Detection and clustering',
          '  Th_universal  = 9',
          '  Th_learned    = 8',
          '  whitening_range = 32',
          '  min_template_size = 10 um',
          '',
          'Curation (Phy), keep a unit only if',
          '  - ISI violations (< 1.5 ms) below 0.5 %',
          '  - isolation distance > 20 and L-ratio < 0.05',
          '  - amplitude > 50 uV and present for > 90 % of the session',
          '',
          'Lessons',
          '  * Bad drift correction looks like units that "split" halfway through a session.',
          '  * Merging suggestions from the similarity matrix are right about 70 % of the time.',
          '  * Save the params.py of every run next to the output; future you will need it.',
          '',
        ),
      },
    ],
  },
  {
    author: 'aiko.tanaka',
    title: 'Local resolution of the transporter map (3.1 Å) and validation summary',
    summary:
      'Histogram of local resolution over the masked map, and the validation report summary. Core TM helices reach 2.7 Å; the extracellular loops are at 4 Å and worse.',
    content: lines(
      'Dataset: 11,204 movies on a Krios G4 with Falcon 4i, 0.83 Å/px.',
      'Final particles: 312k after 3D classification; non-uniform refinement in cryoSPARC, C1.',
      '',
      'Local resolution from cryoSPARC (FSC 0.143), binned at 0.2 Å.',
      'The PDF has the model-to-map statistics we plan to deposit with.',
    ),
    tags: 'structural biology, cryo-EM, membrane proteins, validation',
    aiInstruction: 'Comment on whether the resolution supports modelling side chains in the loops.',
    buzz: 0.55,
    files: [
      {
        kind: 'chart',
        name: 'local_resolution_histogram.png',
        format: 'png',
        chart: (() => {
          const bins = linspace(2.6, 4.8, 12).map((value) => round(value, 1));
          return {
            kind: 'bar',
            title: 'Local resolution of the sharpened map',
            subtitle: 'cryoSPARC local resolution (FSC 0.143) · voxels inside the molecular mask',
            xLabel: 'Local resolution (Å)',
            yLabel: 'Voxels (thousands)',
            categories: bins.map((value) => value.toFixed(1)),
            series: [
              {
                name: 'voxels',
                values: bins.map((value) =>
                  round(
                    4 +
                      210 * gaussian(value, 3.0, 0.22) +
                      60 * gaussian(value, 4.1, 0.35) +
                      random.between(0, 6),
                    1,
                  ),
                ),
              },
            ],
          } satisfies ChartSpec;
        })(),
      },
      {
        kind: 'pdf',
        name: 'transporter_map_validation_summary.pdf',
        document: {
          title:
            'Validation summary: cryo-EM structure of the sodium-coupled transporter in nanodiscs',
          authors: 'Aiko Tanaka, Marcus Lee, Yuki Sato',
          affiliation: 'Tanaka Lab, Institute of Structural Biology',
          note: 'Pre-deposition validation summary',
          abstract:
            'The reconstruction reaches a global resolution of 3.1 Angstrom (gold-standard FSC 0.143) from 312,000 particles. Local resolution ranges from 2.7 Angstrom in the transmembrane core to above 4 Angstrom in extracellular loops 2 and 4. The atomic model has a MolProbity score of 1.42, no Ramachandran outliers and a model-to-map FSC of 3.3 Angstrom at the 0.5 threshold.',
          keywords: ['cryo-EM', 'model validation', 'membrane transporter', 'nanodisc'],
          sections: [
            {
              heading: 'Map statistics',
              paragraphs: [
                'Pixel size 0.83 Angstrom; total dose 50 electrons per square Angstrom over 40 frames; defocus range -0.8 to -2.0 micrometres. Map sharpening B-factor -92 square Angstrom.',
              ],
            },
            {
              heading: 'Model statistics',
              paragraphs: [
                'Clashscore 4.1; rotamer outliers 0.4%; Ramachandran favoured 97.2%, allowed 2.8%, outliers 0%. Side chains in extracellular loops 2 and 4 were truncated at C-beta where density was absent.',
              ],
            },
          ],
        },
      },
    ],
  },
  {
    author: 'samuel_ndiaye',
    title: 'Diel oxygen cycle at three stations in the delta',
    summary:
      'Three days of dissolved-oxygen logger data. The inner station swings from supersaturation at mid-afternoon to near-hypoxia before dawn.',
    content: lines(
      'HOBO U26 loggers, 10-minute interval, plotted as hourly means.',
      'Station A sits at the mouth, B mid-channel, C in the inner mangrove creek.',
      '',
      'The night-time minimum at C (about 2.3 mg/L) is the lowest we have recorded. Worried about what this means for juvenile fish using the creek as a nursery.',
    ),
    tags: 'ecology, oceanography, dissolved oxygen, mangroves',
    buzz: 0.45,
    files: [
      {
        kind: 'chart',
        name: 'diel_oxygen_three_stations.png',
        format: 'png',
        chart: {
          kind: 'line',
          title: 'Dissolved oxygen over three days, Saloum Delta',
          subtitle:
            'Hourly means of 10-minute logger data · stations from the mouth (A) to the inner creek (C)',
          xLabel: 'Hours since midnight, day 1',
          yLabel: 'Dissolved oxygen (mg/L)',
          series: [
            ['station A (mouth)', 6.8, 0.6],
            ['station B (channel)', 6.1, 1.4],
            ['station C (inner creek)', 5.0, 2.7],
          ].map(([name, mean, swing]) => ({
            name: name as string,
            points: noisy(
              linspace(0, 72, 73),
              (hour) =>
                (mean as number) + (swing as number) * Math.sin((2 * Math.PI * (hour - 9)) / 24),
              0.12,
            ),
          })),
        },
      },
    ],
  },
  {
    author: 'elena_rossi',
    title: 'Draft proposal: spectroscopic follow-up of 14 EB candidates',
    summary: 'Working draft of the observing proposal, not for circulation yet.',
    content: lines(
      'Private draft. Deadline for the call is in three weeks.',
      'TODO: exposure-time calculator numbers for the faint targets; ask Jonas about the site weather statistics.',
    ),
    tags: 'astrophysics, proposal, spectroscopy',
    visibility: 'private',
    buzz: 0,
    files: [
      {
        kind: 'pdf',
        name: 'draft_proposal_eb_followup.pdf',
        document: {
          title: 'Dynamical masses for 14 detached eclipsing binaries from TESS',
          authors: 'Elena Rossi, Marco Bianchi',
          affiliation: 'Department of Physics and Astronomy',
          note: 'DRAFT - observing proposal, not for circulation',
          abstract:
            'We request 6 nights of high-resolution spectroscopy to obtain radial-velocity curves of 14 detached eclipsing binaries identified in TESS sectors 58 to 61. Combined with the light curves, the velocities yield masses and radii at the 1-2% level for stars between 0.6 and 1.4 solar masses, a range where current calibrations of stellar models are sparse at sub-solar metallicity.',
          keywords: ['eclipsing binaries', 'radial velocities', 'stellar masses'],
          sections: [
            {
              heading: 'Scientific justification',
              paragraphs: [
                'Detached eclipsing binaries are the primary source of model-independent stellar masses and radii. Our targets fill the gap in the mass-radius diagram at low metallicity where models disagree by up to 5% in radius.',
              ],
            },
            {
              heading: 'Technical justification',
              paragraphs: [
                'Each target needs 10 epochs distributed in phase. With V between 10 and 13, exposures of 600 to 1800 s reach a signal-to-noise ratio of 30 per resolution element. TODO: confirm with the exposure-time calculator.',
              ],
            },
          ],
        },
      },
    ],
  },
  {
    author: 'noah_fischer',
    title: 'Test-suite runtime across our CI runners',
    summary:
      'Median runtime of the same test suite on five runner types, cold and warm cache. Caching the environment matters more than the hardware.',
    content: lines(
      'Suite: a typical group analysis package, 1,480 tests, mostly numerical.',
      'Cold = fresh environment build; warm = restored environment cache.',
      'Error bars: interquartile range over 20 runs.',
      '',
      'If your CI takes 20 minutes, cache the environment first and buy hardware second.',
    ),
    tags: 'research software, continuous integration, benchmarking',
    buzz: 0.5,
    files: [
      {
        kind: 'chart',
        name: 'ci_runtime_by_runner.png',
        format: 'png',
        chart: {
          kind: 'bar',
          title: 'Test-suite runtime by CI runner',
          subtitle: 'Median of 20 runs, error bars = interquartile range',
          xLabel: 'Runner',
          yLabel: 'Runtime (minutes)',
          categories: [
            'shared 2 vCPU',
            'shared 4 vCPU',
            'self-hosted 8c',
            'self-hosted 16c',
            'GPU node',
          ],
          series: [
            {
              name: 'cold cache',
              values: [18.4, 14.9, 11.2, 10.6, 12.1],
              errors: [2.1, 1.6, 0.9, 0.8, 1.4],
            },
            {
              name: 'warm cache',
              values: [7.9, 5.2, 3.1, 2.4, 3.3],
              errors: [0.9, 0.6, 0.3, 0.3, 0.5],
            },
          ],
        },
      },
    ],
  },
  {
    author: 'fatima_elamrani',
    title: 'District vaccination coverage vs. influenza hospitalisation rate',
    summary:
      'Ecological comparison across 38 districts: higher coverage in the over-65s goes with fewer hospitalisations, but beware the ecological fallacy.',
    content: lines(
      'Coverage from the immunisation register (age 65+), hospitalisations from the SARI surveillance, season 2023/24.',
      'Each point is a district; the line is an unweighted least-squares fit.',
      '',
      'Posting because a journalist asked for exactly this plot. Caveats: deprivation confounds both axes, and this is not an estimate of vaccine effectiveness.',
    ),
    tags: 'epidemiology, vaccination, public health, influenza',
    buzz: 0.35,
    files: [
      {
        kind: 'chart',
        name: 'coverage_vs_hospitalisation.jpg',
        format: 'jpeg',
        chart: {
          kind: 'scatter',
          title: 'Influenza vaccination coverage and hospitalisation, by district',
          subtitle: '38 districts · adults 65+ · season 2023/24',
          xLabel: 'Vaccination coverage, 65+ (%)',
          yLabel: 'Hospitalisations per 100,000 (65+)',
          fit: true,
          groups: [
            {
              name: 'district',
              points: noisy(
                Array.from({ length: 38 }, () => random.between(42, 81)),
                (coverage) => 265 - 2.3 * coverage,
                14,
              ),
            },
          ],
        },
      },
    ],
  },
  {
    author: 'tomas_alvarez',
    title: 'Glovebox etiquette and our LFP slurry recipe',
    summary:
      'The one-page guide we give new students: glovebox rules, and the exact slurry recipe behind the cycling results posted earlier.',
    content: lines(
      'Updated after someone (not naming names) left a Kimwipe in the antechamber seal.',
      'Recipe in section 3 is the one used for the additive study.',
    ),
    tags: 'materials, batteries, lab protocol, safety',
    buzz: 0.3,
    files: [
      {
        kind: 'text',
        name: 'glovebox_and_slurry_protocol.md',
        text: lines(
          '# Glovebox etiquette and LFP electrode recipe',
          '',
          '## 1. Before you enter',
          '',
          '- Check O2 and H2O are below 0.5 ppm; if not, regenerate first and tell the group channel.',
          '- Book the box in the shared calendar (2 h slots).',
          '',
          '## 2. Antechamber',
          '',
          '- Three evacuate/refill cycles for the small chamber, five for the large one.',
          '- Nothing porous goes in without drying overnight at 80 °C under vacuum.',
          '- Keep the seal clean: no wipes, no gloves hanging over the edge.',
          '',
          '## 3. LFP slurry (90:5:5)',
          '',
          '| component | mass (g) | note |',
          '|---|---|---|',
          '| LiFePO4 | 1.800 | dried 12 h at 120 °C |',
          '| carbon black (C65) | 0.100 | |',
          '| PVDF (8 wt% in NMP) | 1.250 | = 0.100 g PVDF |',
          '| NMP | ~0.9 | add until honey-like |',
          '',
          '1. Mix carbon black and PVDF solution, 2 min at 2000 rpm (planetary mixer).',
          '2. Add LFP in two portions, 5 min each.',
          '3. Adjust viscosity with NMP, cast at 150 µm gap, dry 80 °C then 120 °C under vacuum overnight.',
          '',
        ),
      },
    ],
  },
  {
    author: 'mara_okafor',
    title: 'Hall mobility vs. carrier density: hBN vs. SiO₂ substrates',
    summary:
      'Twenty-two graphene devices at 10 K. Encapsulation in hBN roughly triples the mobility over the whole density range.',
    content: lines(
      'Mobility from the Drude formula using the Hall density; each point is one device at one gate voltage.',
      'SiO2 devices are older (2021 batch) but fabricated with the same process otherwise.',
      '',
      'The downturn at low density in the hBN devices is charge puddles, I think. Li, your decoding people may enjoy the similarity to noise floors.',
    ),
    tags: 'physics, graphene, transport, 2D materials',
    buzz: 0.5,
    files: [
      {
        kind: 'chart',
        name: 'hall_mobility_vs_density.png',
        format: 'png',
        chart: {
          kind: 'scatter',
          title: 'Hall mobility of graphene devices at 10 K',
          subtitle: '22 devices · hole side · two substrates',
          xLabel: 'Carrier density (10¹² cm⁻²)',
          yLabel: 'Mobility (10³ cm²/V·s)',
          groups: [
            {
              name: 'hBN-encapsulated',
              points: noisy(
                Array.from({ length: 40 }, () => random.between(0.3, 5)),
                (n) => 62 * (1 - Math.exp(-n / 0.5)) - 4.5 * n,
                4,
              ),
            },
            {
              name: 'on SiO₂',
              points: noisy(
                Array.from({ length: 35 }, () => random.between(0.3, 5)),
                (n) => 19 * (1 - Math.exp(-n / 0.8)) - 1.2 * n,
                1.6,
              ),
            },
          ],
        },
      },
    ],
  },
  {
    author: 'priya_raman',
    title: 'Robustness benchmark: five ImageNet models under corruption and shift',
    summary:
      'Clean, corrupted (ImageNet-C, severity 3) and shifted (ImageNet-R subset) accuracy plus calibration error for five common architectures. Write-up and the full results table.',
    content: lines(
      'All models are the public checkpoints, evaluated with one script and identical preprocessing.',
      'ECE uses 15 equal-mass bins.',
      '',
      'The interesting bit is in section 3: calibration under shift does not follow accuracy under shift.',
    ),
    tags: 'machine learning, robustness, benchmark, calibration, ImageNet',
    aiInstruction: 'Summarise the ranking of the models and whether the calibration claim holds.',
    buzz: 0.85,
    files: [
      {
        kind: 'pdf',
        name: 'robustness_benchmark_writeup.pdf',
        document: {
          title:
            'Accuracy and calibration of five ImageNet classifiers under corruption and distribution shift',
          authors: 'Priya Raman, Tobias Klein',
          affiliation: 'Machine Learning Group',
          note: 'Technical report',
          abstract:
            'We evaluate five publicly available ImageNet classifiers, two convolutional networks, two vision transformers and one hybrid, on clean validation images, on ImageNet-C at corruption severity 3 and on a 100-class subset of ImageNet-R. Transformers lose least accuracy under corruption, but their expected calibration error under distribution shift is not consistently lower: the ranking by calibration under shift differs from the ranking by accuracy under shift. Benchmarks that report only accuracy therefore miss a failure mode that matters for deployment.',
          keywords: ['robustness', 'distribution shift', 'calibration', 'ImageNet-C', 'benchmark'],
          sections: [
            {
              heading: 'Setup',
              paragraphs: [
                'All checkpoints are evaluated at 224 by 224 pixels with the preprocessing published with each model. ImageNet-C accuracy is averaged over the 15 corruption types. Expected calibration error (ECE) uses 15 equal-mass bins.',
              ],
            },
            {
              heading: 'Accuracy',
              paragraphs: [
                'The vision transformer ViT-B/16 keeps the highest accuracy under corruption, losing 24.7 points, against 36.2 points for ResNet-50. On the shifted subset the ranking is the same but the gaps are smaller.',
              ],
            },
            {
              heading: 'Calibration under shift',
              paragraphs: [
                'On clean data ViT-B/16 is best calibrated (ECE 0.029). Under shift, ConvNeXt-T overtakes it, and DeiT-S becomes worse calibrated than ResNet-50 despite higher accuracy. Calibration must be measured under the shift of interest; it cannot be inferred from accuracy.',
              ],
            },
          ],
          references: [
            'Hendrycks, D. and Dietterich, T. Benchmarking neural network robustness to common corruptions and perturbations. ICLR (2019).',
            'Minderer, M. et al. Revisiting the calibration of modern neural networks. NeurIPS (2021).',
          ],
        },
      },
      {
        kind: 'text',
        name: 'robustness_results.csv',
        text: csv(
          ['model', 'clean_top1', 'imagenet_c_sev3_top1', 'imagenet_r_subset_top1', 'ece_clean'],
          robustnessRows.map((row) => [row.model, row.clean, row.corrupted, row.shifted, row.ece]),
        ),
      },
    ],
  },
  {
    author: 'jonas.berg',
    title: 'Reading list: ocean heat uptake and the AMOC',
    summary:
      'Twelve papers I give new students on ocean heat uptake, the AMOC and how models represent them, with one line on why each matters.',
    content: lines(
      'Ordered roughly from "start here" to "once you know the jargon".',
      'Suggestions for anything from the last two years are very welcome.',
    ),
    tags: 'climate, oceanography, AMOC, reading list',
    buzz: 0.4,
    files: [
      {
        kind: 'text',
        name: 'reading_list_ocean_heat_uptake.md',
        text: lines(
          '# Reading list: ocean heat uptake and the AMOC',
          '',
          '## Start here',
          '',
          '1. Gregory (2000), *Vertical heat transports in the ocean and their effect on time-dependent climate change*: the two-layer picture.',
          '2. Kuhlbrodt et al. (2007), *On the driving processes of the Atlantic meridional overturning circulation*: what actually drives the AMOC.',
          '3. Buckley & Marshall (2016), *Observations, inferences, and mechanisms of the AMOC*: a readable review.',
          '',
          '## Heat uptake',
          '',
          "4. Marshall et al. (2015), *The ocean's role in the transient response of climate to abrupt greenhouse gas forcing*.",
          '5. Gregory et al. (2016), *The Flux-Anomaly-Forced Model Intercomparison Project (FAFMIP)*.',
          '6. Zanna et al. (2019), *Global reconstruction of historical ocean heat storage and transport*.',
          '',
          '## The AMOC in models and observations',
          '',
          '7. Srokosz & Bryden (2015), *Observing the Atlantic meridional overturning circulation yields a decade of inevitable surprises*.',
          '8. Weijer et al. (2020), *CMIP6 models predict significant 21st century decline of the AMOC*.',
          '9. Jackson et al. (2022), *The evolution of the North Atlantic meridional overturning circulation since 1980*.',
          '',
          '## Advanced',
          '',
          '10. Lozier et al. (2019), *A sea change in our view of overturning in the subpolar North Atlantic* (OSNAP).',
          '11. Bonan et al. (2022), *Transient and equilibrium responses of the AMOC to CO2 forcing*.',
          '12. Ditlevsen & Ditlevsen (2023), *Warning of a forthcoming collapse of the AMOC*, and the replies to it.',
          '',
        ),
      },
    ],
  },
  {
    author: 'li_wen',
    title: 'Decoding accuracy by brain region',
    summary:
      'Cross-validated decoding of position and upcoming choice from six simultaneously recorded regions. CA1 wins for position, PFC for choice.',
    content: lines(
      'Linear decoders (multinomial logistic regression), 10-fold cross-validation, matched numbers of units per region (n = 40, subsampled 100 times).',
      'Chance: 10% for position (10 bins), 50% for choice.',
      '',
      'Priya, this is the kind of result I would love to stress-test for calibration, if you have a moment.',
    ),
    tags: 'neuroscience, decoding, machine learning, prefrontal cortex',
    buzz: 0.6,
    files: [
      {
        kind: 'chart',
        name: 'decoding_accuracy_by_region.png',
        format: 'png',
        chart: {
          kind: 'bar',
          title: 'Decoding accuracy by region',
          subtitle: '40 units per region, subsampled 100× · mean ± SD · 7 mice',
          xLabel: 'Region',
          yLabel: 'Decoding accuracy (%)',
          categories: ['CA1', 'CA3', 'DG', 'mEC', 'PFC', 'V1'],
          series: [
            {
              name: 'position (chance 10%)',
              values: [71.2, 58.4, 39.7, 52.3, 24.8, 18.1],
              errors: [3.1, 3.9, 4.4, 3.6, 2.9, 2.4],
            },
            {
              name: 'upcoming choice (chance 50%)',
              values: [61.5, 57.2, 54.1, 55.8, 78.4, 51.2],
              errors: [2.8, 3.0, 2.7, 3.1, 2.5, 2.2],
            },
          ],
        },
      },
    ],
  },
  {
    author: 'aiko.tanaka',
    title: 'nanoDSF raw melting curves (12 variants × 3 replicates)',
    summary:
      'The raw 350/330 nm ratio traces behind the Tm figure, one column per replicate. CSV, 1 °C steps from 25 to 95 °C.',
    content: lines(
      'For anyone who wants to refit the melting curves with their own model.',
      'Column names: <variant>_r<replicate>. Ratio is unitless.',
    ),
    tags: 'biology, biochemistry, open data, protein stability',
    buzz: 0.2,
    files: [
      {
        kind: 'text',
        name: 'nanodsf_raw_ratio_curves.csv',
        text: (() => {
          const temperatures = linspace(25, 95, 71);
          const columns = mutants.flatMap((mutant, index) =>
            [1, 2, 3].map((replicate) => ({
              name: `${mutant}_r${replicate}`,
              tm: (meltTemps[index] as number) + random.normal(0, 0.4),
            })),
          );
          return csv(
            ['temperature_c', ...columns.map((column) => column.name)],
            temperatures.map((temperature) => [
              temperature,
              ...columns.map((column) =>
                (
                  0.82 +
                  0.0009 * temperature +
                  0.21 / (1 + Math.exp(-(temperature - column.tm) / 1.6)) +
                  random.normal(0, 0.002)
                ).toFixed(4),
              ),
            ]),
          );
        })(),
      },
    ],
  },
  {
    author: 'samuel_ndiaye',
    title: 'Water temperature at the Saloum mouth, one month of logger data',
    summary:
      'Hourly water temperature over 30 days in October. Tidal and daily cycles on top of a slow cooling as the rainy season ends.',
    content: lines(
      'Logger at 1.5 m depth on the navigation buoy.',
      'Grey-blue: hourly values; red: 24-hour running mean.',
      '',
      'Jonas, would you expect this cooling rate from the regional SST products, or is it local river input?',
    ),
    tags: 'ecology, oceanography, temperature, time series',
    buzz: 0.3,
    files: [
      {
        kind: 'chart',
        name: 'saloum_mouth_water_temperature.jpg',
        format: 'jpeg',
        chart: (() => {
          const hourly = noisy(
            linspace(0, 30, 721),
            (day) =>
              29.6 -
              0.07 * day +
              0.45 * Math.sin(2 * Math.PI * (day - 0.4)) +
              0.3 * Math.sin((2 * Math.PI * day * 24) / 12.42),
            0.08,
          );
          return {
            kind: 'line',
            title: 'Water temperature at the Saloum mouth, October',
            subtitle: 'Logger at 1.5 m depth · hourly values and 24-hour running mean',
            xLabel: 'Day of month',
            yLabel: 'Water temperature (°C)',
            series: [
              { name: 'hourly', points: hourly, color: '#64748b' },
              { name: '24-hour running mean', points: runningMean(hourly, 24), color: '#dc2626' },
            ],
          } satisfies ChartSpec;
        })(),
      },
    ],
  },
  {
    author: 'elena_rossi',
    title: 'First radial-velocity curve for EB-07',
    summary:
      'Ten epochs of spectra give a clean double-lined orbit: K1 = 78 km/s, K2 = 96 km/s, mass ratio 0.81. Both components near a solar mass.',
    content: lines(
      'Velocities from broadening-function analysis, phases from the TESS ephemeris.',
      'Dashed lines: circular-orbit fit; error bars are smaller than the points.',
      '',
      'Combined with the inclination from the light curve this gives M1 = 1.08 and M2 = 0.87 solar masses (preliminary).',
    ),
    tags: 'astrophysics, eclipsing binaries, radial velocity, spectroscopy',
    buzz: 0.55,
    files: [
      {
        kind: 'chart',
        name: 'eb07_radial_velocity.png',
        format: 'png',
        chart: (() => {
          const phases = [0.08, 0.17, 0.24, 0.31, 0.42, 0.58, 0.66, 0.74, 0.83, 0.92];
          const model = (amplitude: number, sign: number) => (phase: number) =>
            -12 + sign * amplitude * Math.sin(2 * Math.PI * phase);
          const curve = linspace(0, 1, 101);
          return {
            kind: 'line',
            title: 'Radial-velocity curve of EB-07',
            subtitle: 'Ten epochs · circular orbit fit · γ = −12 km/s',
            xLabel: 'Orbital phase',
            yLabel: 'Radial velocity (km/s)',
            series: [
              {
                name: 'primary',
                points: noisy(phases, model(78, -1), 1.2),
                style: 'points',
                color: '#2563eb',
              },
              {
                name: 'primary fit',
                points: curve.map((p): Point => [p, model(78, -1)(p)]),
                style: 'dashed',
                color: '#2563eb',
              },
              {
                name: 'secondary',
                points: noisy(phases, model(96, 1), 1.8),
                style: 'points',
                color: '#dc2626',
              },
              {
                name: 'secondary fit',
                points: curve.map((p): Point => [p, model(96, 1)(p)]),
                style: 'dashed',
                color: '#dc2626',
              },
            ],
          } satisfies ChartSpec;
        })(),
      },
    ],
  },
  {
    author: 'noah_fischer',
    title: 'Template: software management plan for grant applications',
    summary:
      'A two-page software management plan template that funders have accepted in three recent applications. Fill in the brackets.',
    content: lines(
      'Several funders now ask for one. This template is short on purpose: reviewers read the first page.',
      'Licence: CC0, adapt freely.',
    ),
    tags: 'research software, funding, open science, templates',
    buzz: 0.55,
    files: [
      {
        kind: 'pdf',
        name: 'software_management_plan_template.pdf',
        document: {
          title: 'Software Management Plan: [project name]',
          authors: '[Principal investigator], [Research software engineer]',
          affiliation: '[Institution]',
          note: 'Template, CC0',
          abstract:
            'This plan describes the software that the project will develop or substantially modify, how it will be developed, tested, licensed, released and sustained, and who is responsible for each of these. It follows the structure recommended by the Software Sustainability Institute and is meant to be updated at every project milestone.',
          keywords: ['software management plan', 'research software', 'sustainability'],
          sections: [
            {
              heading: 'What software will be produced',
              paragraphs: [
                '[Describe each software component, its purpose and its intended users. Say whether it is a one-off analysis, a reusable library or a service.]',
              ],
            },
            {
              heading: 'Development practice',
              paragraphs: [
                'Code will be kept in a version-controlled public repository from the start. Every change is reviewed and tested automatically; releases follow semantic versioning. [Name the platform and the continuous integration service.]',
              ],
            },
            {
              heading: 'Licensing and publication',
              paragraphs: [
                'Software will be released under [licence, e.g. MIT or Apache-2.0]. Each release is archived with a persistent identifier and cited in the publications that use it.',
              ],
            },
            {
              heading: 'Sustainability',
              paragraphs: [
                '[Who maintains the software after the project ends, for how long, and with what resources. Name a contact.]',
              ],
            },
          ],
        },
      },
    ],
  },
  {
    author: 'fatima_elamrani',
    title: 'Serial interval of influenza A(H3N2) from household contact tracing',
    summary:
      'Distribution of 214 serial intervals from index–secondary case pairs. Mean 2.9 days; a gamma fit gives shape 3.1 and scale 0.94.',
    content: lines(
      'Household transmission study, 2023/24 season; pairs with unambiguous direction only.',
      'Intervals from symptom onset of the index case to symptom onset of the secondary case.',
      '',
      'This feeds the reproduction-number estimates in our nowcasting dashboard.',
    ),
    tags: 'epidemiology, influenza, transmission, statistics',
    buzz: 0.4,
    files: [
      {
        kind: 'chart',
        name: 'serial_interval_h3n2.png',
        format: 'png',
        chart: (() => {
          const days = linspace(1, 10, 10);
          const gammaDensity = (x: number) => x ** 2.1 * Math.exp(-x / 0.94);
          const total = days.reduce((sum, day) => sum + gammaDensity(day), 0);
          return {
            kind: 'bar',
            title: 'Serial interval, influenza A(H3N2) household pairs',
            subtitle: '214 index–secondary pairs · 2023/24 season',
            xLabel: 'Serial interval (days)',
            yLabel: 'Number of pairs',
            categories: days.map(String),
            series: [
              {
                name: 'pairs',
                values: days.map((day) =>
                  Math.max(0, Math.round((214 * gammaDensity(day)) / total + random.normal(0, 2))),
                ),
              },
            ],
          } satisfies ChartSpec;
        })(),
      },
    ],
  },
  {
    author: 'tomas_alvarez',
    title: 'Ionic conductivity map of a garnet composition series',
    summary:
      'High-throughput screen of Ga/Al co-doped LLZO: conductivity peaks at about 0.2 Ga and 0.1 Al per formula unit.',
    content: lines(
      '64 pellets, sintered together, impedance at 25 °C with Au blocking electrodes.',
      'Colour is log10 of the total conductivity in S/cm.',
      '',
      'The corner with high Al is cubic but full of grain-boundary resistance, so the map is not the whole story.',
    ),
    tags: 'materials, solid electrolytes, high-throughput, batteries',
    buzz: 0.35,
    files: [
      {
        kind: 'chart',
        name: 'llzo_conductivity_map.jpg',
        format: 'jpeg',
        chart: (() => {
          const ga = linspace(0, 0.35, 8).map((value) => value.toFixed(2));
          const al = linspace(0, 0.35, 8).map((value) => value.toFixed(2));
          const values = al
            .slice()
            .reverse()
            .map((aluminium) =>
              ga.map((gallium) =>
                round(
                  -5.2 +
                    1.9 *
                      Math.exp(
                        -(((Number(gallium) - 0.2) / 0.1) ** 2) -
                          ((Number(aluminium) - 0.1) / 0.12) ** 2,
                      ) +
                    random.normal(0, 0.08),
                  2,
                ),
              ),
            );
          return {
            kind: 'heatmap',
            title: 'Ionic conductivity of Ga/Al co-doped LLZO at 25 °C',
            subtitle: '64 compositions · impedance spectroscopy, Au electrodes',
            xLabel: 'Ga per formula unit',
            yLabel: 'Al per formula unit',
            xTicks: ga,
            yTicks: al.slice().reverse(),
            values,
            scaleLabel: 'log σ (S/cm)',
          } satisfies ChartSpec;
        })(),
      },
    ],
  },
  {
    author: 'mara_okafor',
    title: 'Cryostat booking and cooldown notes',
    summary: 'Private notes: who has the Triton when, and what went wrong on the last cooldowns.',
    content: lines(
      'Only for me. Move to the group wiki once cleaned up.',
      '',
      'Weeks 14–16: Triton booked for the TBG batch.',
      'Remember: check the 1 K pot needle valve before the next cooldown.',
    ),
    tags: 'lab notes, cryogenics',
    visibility: 'private',
    buzz: 0,
    files: [
      {
        kind: 'text',
        name: 'cryostat_notes.txt',
        text: lines(
          'Triton 200 - cooldown log',
          '',
          '#31  base 9.8 mK, 52 h to base. Mixing chamber RuOx drifted, recalibrated.',
          '#32  aborted at 4 K: leak on the sample-loader seal. Replaced O-ring.',
          '#33  base 10.4 mK. TBG batch, devices D3, D5, D7 wired; D7 open on V+.',
          '',
          'Bookings',
          '  wk 14-16  Mara  (TBG batch 2)',
          '  wk 17     Jun   (thermometry calibration)',
          '  wk 18-19  free',
          '',
          'TODO: order He-3 top-up before wk 18; ask facilities about the compressor noise.',
          '',
        ),
      },
    ],
  },
  {
    author: 'priya_raman',
    title: 'Temperature scaling fixes most of the overconfidence',
    summary:
      'Reliability diagram of a ViT-B/16 before and after temperature scaling on a held-out split. ECE drops from 0.071 to 0.018 with one parameter.',
    content: lines(
      'Temperature fitted on 5,000 held-out validation images (T = 1.43), evaluated on the other 45,000.',
      'Dashed diagonal: perfect calibration.',
      '',
      'Still the cheapest trick in the book. It does not survive distribution shift, though, as in my benchmark post.',
    ),
    tags: 'machine learning, calibration, uncertainty, vision transformers',
    aiInstruction: 'Explain temperature scaling in two sentences for a biologist.',
    buzz: 0.6,
    files: [
      {
        kind: 'chart',
        name: 'reliability_diagram_temperature_scaling.png',
        format: 'png',
        chart: (() => {
          const confidence = linspace(0.05, 0.95, 10);
          return {
            kind: 'line',
            title: 'Reliability diagram, ViT-B/16 on ImageNet validation',
            subtitle: '10 confidence bins · 45,000 evaluation images',
            xLabel: 'Confidence',
            yLabel: 'Accuracy',
            markers: true,
            series: [
              {
                name: 'before (ECE 0.071)',
                points: confidence.map((c): Point => [
                  c,
                  round(Math.max(0, c - 0.12 * Math.sin(Math.PI * c) - random.between(0, 0.02)), 3),
                ]),
              },
              {
                name: 'after, T = 1.43 (ECE 0.018)',
                points: confidence.map((c): Point => [
                  c,
                  round(c - 0.02 * Math.sin(Math.PI * c) + random.normal(0, 0.008), 3),
                ]),
              },
              {
                name: 'perfect calibration',
                points: [
                  [0, 0],
                  [1, 1],
                ],
                style: 'dashed',
                color: '#64748b',
              },
            ],
          } satisfies ChartSpec;
        })(),
      },
    ],
  },
  {
    author: 'jonas.berg',
    title: 'Glacier mass balance vs. summer temperature, 12 Norwegian glaciers',
    summary:
      'Annual mass balance against June–September temperature anomaly for 12 monitored glaciers, 2000–2023. About −0.9 m w.e. per degree of summer warming.',
    content: lines(
      'Mass balance from the NVE monitoring programme, temperatures from the nearest homogenised station.',
      'Each point is one glacier-year; continental and maritime glaciers pooled.',
      '',
      'The maritime glaciers sit above the line in snowy winters, which is the next thing to model.',
    ),
    tags: 'climate, glaciology, Norway, cryosphere',
    buzz: 0.5,
    files: [
      {
        kind: 'chart',
        name: 'glacier_mass_balance_vs_temperature.png',
        format: 'png',
        chart: {
          kind: 'scatter',
          title: 'Annual glacier mass balance and summer temperature',
          subtitle: '12 Norwegian glaciers · 2000–2023 · one point per glacier-year',
          xLabel: 'June–September temperature anomaly (°C)',
          yLabel: 'Annual mass balance (m w.e.)',
          fit: true,
          groups: [
            {
              name: 'maritime',
              points: noisy(
                Array.from({ length: 120 }, () => random.normal(0.4, 0.8)),
                (t) => -0.35 - 0.85 * t,
                0.55,
              ),
            },
            {
              name: 'continental',
              points: noisy(
                Array.from({ length: 80 }, () => random.normal(0.5, 0.8)),
                (t) => -0.55 - 0.95 * t,
                0.35,
              ),
            },
          ],
        },
      },
    ],
  },
  {
    author: 'li_wen',
    title: 'Pupil diameter tracks arousal before the choice',
    summary:
      'Pupil dilates ~1.5 s before the choice point and more so on error trials. Mean ± SEM across 7 mice.',
    content: lines(
      'Infrared camera at 60 fps, pupil fitted with DeepLabCut + ellipse, z-scored within session.',
      'Aligned to the arrival at the choice point (t = 0).',
      '',
      'Next: regress this out of the PFC choice decoding from my earlier post and see what is left.',
    ),
    tags: 'neuroscience, pupillometry, arousal, behaviour',
    buzz: 0.45,
    files: [
      {
        kind: 'chart',
        name: 'pupil_diameter_choice_aligned.png',
        format: 'png',
        chart: (() => {
          const times = linspace(-4, 2, 61);
          const trace = (gain: number) => (t: number) => 0.1 + gain * gaussian(t, -0.4, 0.9) - 0.15;
          return {
            kind: 'line',
            title: 'Pupil diameter around the choice point',
            subtitle: 'z-scored within session · mean ± SEM across 7 mice',
            xLabel: 'Time from choice point (s)',
            yLabel: 'Pupil diameter (z)',
            zeroLine: true,
            series: [
              ['correct trials', 0.75],
              ['error trials', 1.2],
            ].map(([name, gain]) => ({
              name: name as string,
              points: times.map((t): Point => [t, trace(gain as number)(t)]),
              band: times.map((t): [number, number, number] => [
                t,
                trace(gain as number)(t) - 0.09,
                trace(gain as number)(t) + 0.09,
              ]),
            })),
          } satisfies ChartSpec;
        })(),
      },
    ],
  },
  // Posts in Chinese and Japanese: search segments them into words (domain/search-text.ts).
  {
    author: 'li_wen',
    title: '基于深度学习的蛋白质结构预测：二十四个膜蛋白的复现笔记',
    summary:
      '我们用 AlphaFold2 和 ESMFold 预测了二十四个膜蛋白的三维结构，并与冷冻电镜结构逐一比较：置信度高的区域误差普遍小于 1.5 Å。',
    content: lines(
      '跨膜螺旋的预测几乎都很准确，环区和末端的误差最大。',
      '',
      '想请教做分子动力学的同学：用预测结构作为模拟的初始构象，大家一般先做多长时间的平衡？',
    ),
    tags: '蛋白质结构, 深度学习, structural biology',
    buzz: 0.6,
    files: [
      {
        kind: 'text',
        name: 'membrane-protein-notes.md',
        text: lines(
          '# 膜蛋白结构预测复现笔记',
          '',
          '- 数据：二十四个已发表的冷冻电镜结构，分辨率 2.8 到 3.6 Å。',
          '- 方法：AlphaFold2（五个模型取最高置信度）和 ESMFold，均不使用模板。',
          '- 结论：跨膜区域的均方根偏差中位数为 1.1 Å，胞外环区为 3.4 Å。',
          '',
        ),
      },
    ],
  },
  {
    author: 'li_wen',
    title: '气候变化对近海浮游植物的影响：十年遥感数据',
    summary: '用卫星叶绿素数据分析了东海近岸十年的浮游植物变化，春季水华比十年前平均提前了九天。',
    content: lines(
      '海表温度升高与水华提前的相关性很强，但营养盐输入的变化也不能忽略。',
      '',
      '欢迎做海洋生态和气候模型的朋友一起讨论。',
    ),
    tags: '气候变化, 海洋生态, remote sensing',
    buzz: 0.45,
    files: [
      {
        kind: 'text',
        name: 'phytoplankton-bloom-timing.csv',
        text: lines(
          'year,bloom_start_day,sst_anomaly_c',
          '2015,102,0.21',
          '2017,99,0.34',
          '2019,97,0.41',
          '2021,95,0.52',
          '2023,93,0.63',
          '2024,93,0.66',
          '',
        ),
      },
    ],
  },
  {
    author: 'li_wen',
    title: '研究生如何管理实验数据：我们实验室的做法',
    summary: '从原始数据只读、校验和到版本控制，这是我们实验室新生入学时的第一课。',
    content: lines(
      '最重要的一条：所有图表都由脚本生成，从不手工修改。',
      '',
      '大家的实验室还有什么好的做法？',
    ),
    tags: '数据管理, 可重复性, research software',
    buzz: 0.5,
    files: [
      {
        kind: 'text',
        name: 'lab-data-rules.md',
        text: lines(
          '# 实验数据管理规范',
          '',
          '1. 原始数据只读，所有衍生文件由代码生成。',
          '2. 记录原始文件的 SHA-256 校验和。',
          '3. 论文投稿前为代码打标签并存档。',
          '',
        ),
      },
    ],
  },
  {
    author: 'aiko.tanaka',
    title: '膜タンパク質の熱安定性：ナノDSFによる変異体の比較',
    summary:
      '輸送体の変異体十一種の融解温度をナノDSFで測定しました。安定化変異の組み合わせで融解温度が八度上昇しました。',
    content: lines(
      '界面活性剤はDDMミセル、pH 7.5で測定しています。',
      '',
      '構造予測と組み合わせた解析に興味のある方はコメントください。',
    ),
    tags: 'タンパク質, 熱安定性, structural biology',
    buzz: 0.4,
    files: [
      {
        kind: 'text',
        name: 'nanodsf-notes.md',
        text: lines('# ナノDSF測定メモ', '', '- 昇温速度：毎分1度', '- 測定範囲：20度から95度', ''),
      },
    ],
  },
];
