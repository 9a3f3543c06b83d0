/**
 * The discussions under the demo posts, written by hand in the voices of the seeded members:
 * questions, answers and disagreements about each post's own subject. seed.ts posts them through
 * the comment API at times after their post, so threads, counts, likes and notifications are
 * what real members would produce. A top-level comment is level 1, its replies level 2 and their
 * replies level 3 (the deepest a thread goes). `@username` names a member, as members write it.
 *
 * Also here: the one account that is not a researcher, the spam it leaves and the report a member
 * files on it, so the moderation queue has something in it on first start.
 */
import type { ReportReason } from '@symposia/shared';
import type { AuthorSpec } from './content.js';

export interface CommentSpec {
  /** The author's username. */
  author: string;
  text: string;
  replies: CommentSpec[];
}

export interface ConversationSpec {
  /** The title of the post (content.ts) the threads are under. */
  post: string;
  threads: CommentSpec[];
}

const say = (author: string, text: string, ...replies: CommentSpec[]): CommentSpec => ({
  author,
  text,
  replies,
});

export const CONVERSATIONS: ConversationSpec[] = [
  {
    post: 'Resistivity of twisted bilayer graphene down to 1.8 K',
    threads: [
      say(
        'li_wen',
        'Is the linear-in-T slope the same per square, or only after you subtract the offset? With two devices I would be careful before calling anything universal.',
        say(
          'mara_okafor',
          'Only after subtracting the offset. Per square the two slopes differ by about 15%, which is inside our geometry uncertainty. A third device goes into the next cooldown.',
          say(
            'li_wen',
            'Then put the geometry error bar on the plot. Referees love a slope that is "suspiciously close" until they see how wide the bars are.',
          ),
        ),
      ),
      say(
        'tomas_alvarez',
        'Naive question from the chemistry side: how do you know the twist angle to 0.01°? Fabrication, or transport?',
        say(
          'mara_okafor',
          'Transport. The gate density at full filling of the moiré band gives the superlattice area and from that the angle. We aimed for 1.1° with tear-and-stack; it always relaxes a little.',
          say(
            'tomas_alvarez',
            'So the angle is measured, not set. Same story as our nominal versus refined compositions, then.',
          ),
        ),
      ),
      say(
        'elena_rossi',
        'The 1.05° curve drops below 3 K but never reaches zero. Is that the lowest temperature you had, or something in series?',
        say(
          'mara_okafor',
          'Something in series: one voltage probe crosses a patch with a different twist angle, so part of the channel stays normal. @li_wen asked exactly this at group meeting, so it will be the first thing a referee asks too.',
        ),
      ),
    ],
  },
  {
    post: 'Place-cell tuning curves from a 40-minute linear-track session',
    threads: [
      say(
        'priya_raman',
        'Outsider question: how do you decide that a unit is a place cell rather than a noisy cell that happens to peak somewhere?',
        say(
          'li_wen',
          'Spatial information against a shuffle: we circularly shift the spike train relative to position 500 times and keep units above the 95th percentile. Plus at least 60% of laps with activity in the field.',
          say(
            'priya_raman',
            'A permutation test with a stability criterion, nice. I will stop worrying about multiple comparisons for this one.',
          ),
        ),
      ),
      say(
        'mara_okafor',
        'Do the fields look the same running left and running right? On a linear track I would naively expect them to differ.',
        say(
          'li_wen',
          'They do differ, and these are the rightward runs only. About a third of our units have a field in one direction only, which is the classic result.',
          say(
            'aiko.tanaka',
            'Would be lovely to see both directions side by side in the next post, the asymmetry is the interesting part.',
          ),
        ),
      ),
    ],
  },
  {
    post: 'North Atlantic SST anomaly 1950–2024 (ERSSTv5, regridded)',
    threads: [
      say(
        'samuel_ndiaye',
        'Thanks for the CSV. Would the same box method work for the Canary upwelling region, or does the coastal band need finer data than a 2° grid?',
        say(
          'jonas.berg',
          'A 2° grid smears the upwelling band into the open ocean, so the coastal signal will look too weak. For your coast I would use OISST at 0.25° and accept the shorter record.',
          say('samuel_ndiaye', 'Makes sense, our loggers only start in 2019 anyway. OISST it is.'),
        ),
      ),
      say(
        'fatima_elamrani',
        'How much does the choice of the 1961–1990 baseline change the picture compared with 1991–2020?',
        say(
          'jonas.berg',
          'The shape not at all; the whole curve shifts down by about 0.3 °C. I keep 1961–1990 so it lines up with older papers, but it makes recent years look more dramatic than people used to the WMO normal expect.',
          say(
            'noah_fischer',
            'Worth writing the baseline into the CSV header too. Half of the rerun problems I see start with a column that lost its units.',
          ),
        ),
      ),
    ],
  },
  {
    post: 'Validation loss vs. learning-rate warmup length',
    threads: [
      say(
        'li_wen',
        'Does the spike in the no-warmup run come from the attention logits blowing up? We see something similar training decoders on spike data.',
        say(
          'priya_raman',
          'Mostly Adam: with β2 = 0.95 and no warmup the second-moment estimate is tiny for the first steps, so the updates are huge. Attention logits grow as a consequence.',
          say(
            'li_wen',
            'So warmup is really a patch for a bad variance estimate early on. That reframes it nicely.',
          ),
          say(
            'noah_fischer',
            'RAdam was supposed to fix exactly that, no? Did you try it instead of warmup?',
          ),
        ),
      ),
      say(
        'jonas.berg',
        'Is "≥ 500 steps is fine" a fraction of the run or an absolute number? Our emulator runs are a lot shorter than 20k steps.',
        say(
          'priya_raman',
          'In my experience it scales with how fast the second moment settles, so closer to absolute than to a fraction. For a 2k-step run I would still try a few hundred steps.',
        ),
      ),
    ],
  },
  {
    post: 'Capacity retention of LFP coin cells with VC and FEC additives',
    threads: [
      say(
        'mara_okafor',
        'Is the knee at cycle 320 the same cycle in all three baseline cells, or does the median hide a spread?',
        say(
          'tomas_alvarez',
          'The median hides it: 290, 320 and 410. The one at 410 had a slightly lower loading. The impedance jump comes just before the knee in all three, though.',
          say(
            'mara_okafor',
            'Then I would show all three cells faintly behind the median. The spread is itself a result.',
          ),
        ),
      ),
      say(
        'fatima_elamrani',
        'Three cells per condition: did you decide that before starting, and would 2% FEC still beat VC with the spread you see?',
        say(
          'tomas_alvarez',
          'Decided beforehand, yes, it is what the glovebox schedule allows. FEC beats VC in every cell pair, but with n = 3 I would not claim a size of the effect.',
          say(
            'fatima_elamrani',
            'Honest answer. For the paper, pre-declare the comparison and the test and you are ahead of most of the field.',
          ),
        ),
      ),
    ],
  },
  {
    post: 'Thermal shift assay: melting temperatures of 11 transporter mutants',
    threads: [
      say(
        'tomas_alvarez',
        'Could F179L be misfolded rather than unstable? A lower Tm and a folding defect look the same in this assay, I would guess.',
        say(
          'aiko.tanaka',
          'Good point, nanoDSF alone cannot tell them apart. Its SEC profile has a big aggregate peak and the yield is a fifth of wild type, so we think folding.',
          say('tomas_alvarez', 'That fits. Dropping it sounds right then.'),
        ),
      ),
      say(
        'priya_raman',
        'Are three technical replicates from one prep enough? I would worry more about prep-to-prep variation than about the instrument.',
        say(
          'aiko.tanaka',
          'Agreed, it is the weak point. Two independent preps for WT and Y244F are in the fridge; if the shift survives those we believe it.',
        ),
      ),
    ],
  },
  {
    post: 'Seagrass shoot density along the Saloum transects, dry vs. wet season',
    threads: [
      say(
        'jonas.berg',
        'Do you have turbidity measured on the transects, or is the plume seen from satellite?',
        say(
          'samuel_ndiaye',
          'Secchi depth at every quadrat, and Sentinel-2 scenes for the plume. The Secchi data agree with the satellite for T4 to T6; T1 is too clear for the satellite to say anything.',
          say(
            'jonas.berg',
            'Then a plot of shoot density against Secchi depth would make the argument without needing the map at all.',
          ),
        ),
      ),
      say(
        'elena_rossi',
        'Is the wet-season drop at T6 a real loss of shoots, or are they just harder to count in murky water?',
        say(
          'samuel_ndiaye',
          'We count by touch in the quadrat when visibility is bad, so detection should not change much. But you are right that it is worth stating in the methods.',
        ),
      ),
    ],
  },
  {
    post: 'Phase-folded TESS light curve of a new eclipsing binary candidate',
    threads: [
      say(
        'mara_okafor',
        'Could the secondary be a blended background binary rather than your target? TESS pixels are huge.',
        say(
          'elena_rossi',
          'It could. The centroid does not move in or out of eclipse, which argues against a blend, but the spectra will decide it.',
          say('mara_okafor', 'Fair. Centroid plus spectra is more than most candidates get.'),
        ),
      ),
      say(
        'jonas.berg',
        'Not a 2 m spectrograph, but the department has a share of a 1.2 m with an echelle in Spain. Interested?',
        say(
          'elena_rossi',
          'Very! At V ≈ 10 a 1.2 m is plenty. Could you ask who handles the time allocation?',
          say(
            'jonas.berg',
            'Will do. I only know the weather statistics for the site, which are better than Bergen, for what that is worth.',
          ),
        ),
      ),
    ],
  },
  {
    post: 'Reproducible analysis pipelines: the checklist we now use',
    threads: [
      say(
        'li_wen',
        'Item 4, checksums for raw data: our recordings are 2 TB per session. Hashing everything on every run is not realistic.',
        say(
          'noah_fischer',
          'Hash once when the data land and store the hashes next to the files; the pipeline only checks the manifest. Re-hash when you move the data, not on every run.',
          say('li_wen', 'A manifest I can live with. That is one afternoon of work, not a week.'),
        ),
      ),
      say(
        'priya_raman',
        'I would add "record the random seeds and the hardware". GPU nondeterminism has bitten me more than any missing package.',
        say(
          'noah_fischer',
          'Agreed, it belongs in item 2. Deterministic GPU kernels are not always available, so at least write down which ones ran.',
          say(
            'fatima_elamrani',
            'And write the analysis plan before touching the data. A perfectly reproducible p-hacked analysis is still p-hacked.',
          ),
        ),
      ),
      say(
        'jonas.berg',
        'Small disagreement on item 9: containers for everything is overkill for a 200-line R script.',
        say(
          'noah_fischer',
          'Fair, a lock file is enough for that. The container item is for pipelines with system libraries, netCDF and friends included. I will make that clearer.',
        ),
      ),
    ],
  },
  {
    post: 'Influenza-like illness incidence: three seasons compared',
    threads: [
      say(
        'li_wen',
        'Not hopeless, I think: a seasonally forced SIR fitted to sentinel data recovers the timing well, the amplitude much less so. Without serology you cannot separate reporting rate from attack rate.',
        say(
          'fatima_elamrani',
          'That is my worry exactly: the reporting rate changes from season to season as consultation habits change. Timing alone would already be useful for planning, though.',
          say(
            'li_wen',
            'Then fit the timing and treat the reporting rate as a nuisance parameter per season. Happy to share the code we used for a class project.',
          ),
        ),
      ),
      say(
        'priya_raman',
        'Why weeks 40 to 20 rather than the whole year?',
        say(
          'fatima_elamrani',
          'The sentinel practices only report in the season. Summer ILI is mostly other viruses anyway, which would muddy the comparison.',
        ),
      ),
    ],
  },
  {
    post: 'Beats from two coupled oscillators (lab demo clip)',
    threads: [
      say(
        'elena_rossi',
        '220 and 331 Hz: is that a beat students can read off the screen? 111 Hz sounds more like a tone than a beat to me.',
        say(
          'mara_okafor',
          'On the scope it is clear, since the envelope repeats every 9 ms. You are right about hearing it; for the ear we use 440 and 444 Hz in the second half of the session.',
          say('elena_rossi', 'Both in one session is nice: one for the eye, one for the ear.'),
        ),
      ),
    ],
  },
  {
    post: 'Methods note: downscaling CMIP6 precipitation over Western Norway',
    threads: [
      say(
        'priya_raman',
        'For the wettest 0.1% of days: did you try fitting a generalised Pareto tail instead of mapping empirical quantiles?',
        say(
          'jonas.berg',
          'That is the fix we are testing now. The catch is that the tail parameter of the model and of the observations disagree, so the correction changes the climate change signal in the tail.',
          say(
            'priya_raman',
            'Sounds like calibration under shift again: correcting on the past does not hold in the future. We should compare notes.',
          ),
        ),
      ),
      say(
        'samuel_ndiaye',
        'Could the same approach work for the Sahel, where the rainy season itself moves in time?',
        say(
          'jonas.berg',
          'The seasonal moving window helps with a shifting season, but a monsoon that starts a month later needs more than a bias correction. Have a look at the section on window length first.',
        ),
      ),
    ],
  },
  {
    post: 'Where does our CIFAR-10 classifier get confused?',
    threads: [
      say(
        'aiko.tanaka',
        'Cat/dog I expected. Why is bird so often confused with airplane?',
        say(
          'priya_raman',
          'Small dark object on a blue background: at 32×32 pixels that is most of what the network sees. The errors go away almost entirely on the birds photographed against foliage.',
          say('aiko.tanaka', 'Background as a shortcut, then. Good example for my students.'),
        ),
      ),
      say(
        'noah_fischer',
        'Could you put the training config next to the figure? I would like to use it in the onboarding material with a link back.',
        say(
          'priya_raman',
          'Sure, I will add the YAML to the post tonight. Credit appreciated but not required.',
        ),
      ),
    ],
  },
  {
    post: 'Toy model of colony expansion on soft agar (cellular automaton)',
    threads: [
      say(
        'priya_raman',
        'Is the branching sensitive to the lattice? Square lattices tend to give fronts with four-fold symmetry.',
        say(
          'aiko.tanaka',
          'It is, a bit: with the default nutrient diffusion you see square-ish colonies. Slower diffusion hides it because branching dominates. A hexagonal version is on the wish list.',
          say(
            'mara_okafor',
            'Adding a little noise to the update order also breaks the lattice symmetry cheaply. Worked for our Ising demos.',
          ),
        ),
      ),
      say(
        'noah_fischer',
        'Is the code public? This would make a good first GPU exercise after the Mandelbrot one.',
        say(
          'aiko.tanaka',
          'Not yet, it is one messy notebook. If you help me package it, it is yours.',
          say('noah_fischer', 'Deal. Book me for an hour next week.'),
        ),
      ),
    ],
  },
  {
    post: 'Preprint: theta sequences compress future paths in CA1',
    threads: [
      say(
        'priya_raman',
        'On the shuffle controls in section 3: the cell-identity shuffle keeps firing rates but destroys place fields. Does a shuffle that keeps the fields and shifts theta phase give the same null?',
        say(
          'li_wen',
          'We ran it, it is in the supplement: the phase shuffle gives a smaller null effect, so our result gets stronger, not weaker. Worth moving it into the main text, you are right.',
          say('priya_raman', 'Then say so in the main text, reviewers will ask exactly this.'),
        ),
      ),
      say(
        'mara_okafor',
        'Is the sweep length proportional to speed, or is it that faster runs have fewer theta cycles per field?',
        say(
          'li_wen',
          'We normalise by cycles per field, and the scaling survives. But the dependence flattens above 40 cm/s, which we do not understand yet.',
          say(
            'mara_okafor',
            'A saturation like that smells of a time constant in the network. Would be fun to fit.',
          ),
        ),
      ),
      say(
        'fatima_elamrani',
        'Forty sessions from seven mice: do you account for sessions being nested in mice?',
        say(
          'li_wen',
          'Yes, mixed model with mouse as a random effect. The fixed effect of speed barely moves. @priya_raman suggested the same at our reading group.',
        ),
      ),
    ],
  },
  {
    post: 'Raw quadrat counts: Saloum seagrass survey 2024',
    threads: [
      say(
        'noah_fischer',
        'Thank you for a clean CSV with units in the column names. A README with the survey dates would make it perfect.',
        say(
          'samuel_ndiaye',
          'Dates and the observer for each transect will be in the next version. We also found two quadrats where the season was swapped, fixed now.',
          say(
            'noah_fischer',
            'Then give the file a version number, so people can say which one they used.',
          ),
        ),
      ),
      say(
        'priya_raman',
        'Could I use this in a course on count data? The zeros at T6 are a great example for zero-inflated models.',
        say(
          'samuel_ndiaye',
          'Of course, it is CC BY. I would love to see what the students make of it.',
          say(
            'fatima_elamrani',
            'Send me the notebook too, @priya_raman: I teach negative binomial regression in the spring.',
          ),
        ),
      ),
    ],
  },
  {
    post: 'Our eclipsing-binary candidates so far: period vs. eclipse depth',
    threads: [
      say(
        'fatima_elamrani',
        '9 of 63 confirmed: is that a confirmation rate, or just what you had time for?',
        say(
          'elena_rossi',
          'What we had time for, and biased towards the bright ones. A real confirmation rate needs a random subsample, which I would like to do next semester.',
          say(
            'fatima_elamrani',
            'Worth stating on the plot, or someone will quote 14% as the rate.',
          ),
        ),
      ),
      say(
        'jonas.berg',
        'Why are the long-period shallow ones probably grazing rather than small companions?',
        say(
          'elena_rossi',
          'Their eclipses are V-shaped, with no flat bottom. A small companion fully in front of the star would give a flat bottom.',
        ),
      ),
    ],
  },
  {
    post: 'Rendering the Mandelbrot set on the new GPU partition',
    threads: [
      say(
        'priya_raman',
        'Single or double precision? The deep zoom looks like it goes past where floats give up.',
        say(
          'noah_fischer',
          'Double, and you spotted the lesson: the first exercise runs in float and the students see blocky pixels at depth. Then they switch to double and learn what it costs on an A100.',
          say('priya_raman', 'Love that. A bug that teaches something.'),
        ),
      ),
      say(
        'mara_okafor',
        'Can external students join the workshop, or is it staff only?',
        say(
          'noah_fischer',
          'Everyone with a cluster account. Next round is in March; I will post the dates here.',
        ),
      ),
    ],
  },
  {
    post: 'Protocol: test-negative design for influenza VE, 2024/25 season',
    threads: [
      say(
        'li_wen',
        'How do you handle prior-season vaccination? If people vaccinated every year differ in immunity, the current-season estimate gets mixed up with it.',
        say(
          'fatima_elamrani',
          'Four categories: vaccinated this season only, prior only, both, neither. The primary estimate is "this season" against "neither"; the others are secondary analyses written into the plan.',
          say(
            'li_wen',
            'Pre-specifying that is good. It is exactly where I would have been tempted to fish.',
          ),
        ),
      ),
      say(
        'priya_raman',
        'Where does the sample size come from? VE around 40% with a wide interval would not tell anyone much.',
        say(
          'fatima_elamrani',
          'From last season: 1,800 tested patients give a 95% interval of about ±15 points at VE = 40%. Not great, but enough to see whether protection dropped.',
          say(
            'tomas_alvarez',
            'Interesting to see a power calculation written down before the data. We never do that for cycling experiments.',
          ),
        ),
      ),
    ],
  },
  {
    post: "Vegard's law holds for Mn-substituted LiFe₁₋ₓMnₓPO₄",
    threads: [
      say(
        'mara_okafor',
        'Why stop at x = 0.5? I would expect Jahn–Teller distortion from Mn³⁺ to show up somewhere, but only on charging.',
        say(
          'tomas_alvarez',
          'Beyond 0.5 the material performs badly in our cells, so we stopped synthesising it. You are right that the interesting distortion is in the delithiated state, which needs in-situ XRD.',
          say(
            'mara_okafor',
            'If you ever get beam time for in-situ, I would love to see the b axis.',
          ),
        ),
      ),
      say(
        'aiko.tanaka',
        'Are the error bars from the refinement? Those usually underestimate the real uncertainty.',
        say(
          'tomas_alvarez',
          'From the refinement, and yes, they are optimistic. Two compositions were synthesised twice and agree to 0.002 Å, which is a more honest number.',
        ),
      ),
    ],
  },
  {
    post: 'Lecture notes: Berry phase in two-band models',
    threads: [
      say(
        'li_wen',
        'Eq. 3.4: should the Berry curvature of the massive Dirac model have m in the numerator to the first power? I get m/2 over the 3/2 power of (k² + m²).',
        say(
          'mara_okafor',
          'You are right, the printed version lost the 1/2. Corrected in the next upload. Sadly you are not eligible for the extra credit.',
          say('li_wen', 'I will accept payment in cryostat stories instead.'),
        ),
      ),
      say(
        'elena_rossi',
        'Is there a version of this without the condensed-matter notation? The Foucault pendulum example from class is what finally made it click for me.',
        say(
          'mara_okafor',
          'Section 1 is meant to be that version, but it is too short. I will add the pendulum as a worked example.',
        ),
      ),
    ],
  },
  {
    post: 'Rule 110 running: a universal computer in four seconds',
    threads: [
      say(
        'aiko.tanaka',
        'What do you say in the talk about what simple models cannot tell us?',
        say(
          'priya_raman',
          'That Rule 110 being universal means you cannot predict it without running it. Simple rules, no shortcut. It is a good antidote to "the model is simple, so we understand it".',
          say('aiko.tanaka', 'I might steal that line for the colony model lecture.'),
        ),
      ),
    ],
  },
  {
    post: 'Precipitation anomaly in Bergen by month, 2000–2024',
    threads: [
      say(
        'samuel_ndiaye',
        'As someone who spends most days wishing for rain: how much of the wetter winters is more rainy days, and how much is heavier rain?',
        say(
          'jonas.berg',
          'Mostly heavier rain on the days it rains, which matches the atmospheric-river story. The number of wet days has hardly changed; it was always raining in Bergen.',
          say(
            'samuel_ndiaye',
            'Intensity rather than frequency, like our wet season then. Thank you.',
          ),
        ),
      ),
      say(
        'priya_raman',
        'Thank you for the colour-blind safe map. Which palette is it?',
        say(
          'jonas.berg',
          "Crameri's vik. Perceptually uniform and safe for the common forms of colour blindness.",
        ),
      ),
    ],
  },
  {
    post: 'Spike-sorting settings we settled on (Kilosort 4, NP 1.0)',
    threads: [
      say(
        'noah_fischer',
        'Do you keep the settings in a file next to the data, or do people copy them from this post?',
        say(
          'li_wen',
          'A JSON per session, written by the sorting script. This post is the human-readable version.',
          say(
            'noah_fischer',
            'Good. Then the JSON is the source of truth and this post can go stale without harm.',
          ),
        ),
      ),
      say(
        'aiko.tanaka',
        'How do you handle drift in long recordings? We have the same trouble with beam-induced motion in cryo-EM movies.',
        say(
          'li_wen',
          "Kilosort 4's drift correction with the default block size, and we check the drift map by eye. Rigid correction is not enough for recordings longer than an hour.",
          say(
            'aiko.tanaka',
            'Patch-based motion correction is the cryo-EM answer too. Same problem, different scale.',
          ),
        ),
      ),
    ],
  },
  {
    post: 'Local resolution of the transporter map (3.1 Å) and validation summary',
    threads: [
      say(
        'mara_okafor',
        'Do you think the extracellular loops are flexible, or just poorly aligned because the particles are dominated by the micelle?',
        say(
          'aiko.tanaka',
          'Probably both. Masking out the micelle improved them from 4.5 to 4 Å, so alignment was part of it. The rest is real flexibility, we think.',
          say('mara_okafor', 'A 3D variability analysis might tell the two apart.'),
        ),
      ),
      say(
        'tomas_alvarez',
        'How many of the 11,204 movies did you throw away?',
        say(
          'aiko.tanaka',
          'About 1,900, mostly thick ice and drift. Curating with CTF fit resolution removes most of the bad ones automatically.',
          say(
            'noah_fischer',
            'Is that curation scripted? Whenever a threshold gets chosen by eye, it should at least be written down.',
          ),
        ),
      ),
    ],
  },
  {
    post: 'Diel oxygen cycle at three stations in the delta',
    threads: [
      say(
        'fatima_elamrani',
        '2.3 mg/L is below the usual hypoxia threshold for many fish. Is this one bad night or typical?',
        say(
          'samuel_ndiaye',
          'We only have three days, so I cannot say yet. The loggers go back in for a month in the dry season; that will tell us how often it happens.',
          say(
            'fatima_elamrani',
            'Report the fraction of nights below the threshold then, not just the minimum.',
          ),
        ),
      ),
      say(
        'jonas.berg',
        'Does the minimum follow the tide? At low tide the creek water sits longer over the mangrove mud.',
        say(
          'samuel_ndiaye',
          'Good thought. The lowest value was at low tide before dawn, but with three days I cannot separate tide from night. The longer deployment should fix that.',
        ),
      ),
    ],
  },
  {
    post: 'Test-suite runtime across our CI runners',
    threads: [
      say(
        'priya_raman',
        'Warm cache on the smallest runner beats cold on the biggest. Is that true for GPU jobs too?',
        say(
          'noah_fischer',
          'Even more so: a CUDA environment takes 10 to 15 minutes to build. Our GPU runners are all warm-cache now.',
          say(
            'tomas_alvarez',
            'Sounds like our glovebox: the experiment is quick, the preparation is what takes the time.',
          ),
        ),
      ),
      say(
        'li_wen',
        'How do you make sure a warm cache is not hiding a broken environment spec?',
        say(
          'noah_fischer',
          'One scheduled cold build every night. If it fails, the cache key is wrong and we hear about it before anyone else does.',
        ),
      ),
    ],
  },
  {
    post: 'District vaccination coverage vs. influenza hospitalisation rate',
    threads: [
      say(
        'priya_raman',
        'Would weighting the fit by district population change the slope much? The small districts look noisy.',
        say(
          'fatima_elamrani',
          'It flattens it a bit, by about a fifth. I kept it unweighted because that is what the journalist asked for, and said so in the caption.',
          say(
            'priya_raman',
            'Fair, as long as the caption says it. People will read the slope as an effect anyway.',
          ),
        ),
      ),
      say(
        'samuel_ndiaye',
        'Is deprivation available per district? It would be interesting to colour the points by it.',
        say(
          'fatima_elamrani',
          'It is. Coloured by deprivation the picture is sobering: the low-coverage, high-hospitalisation corner is all deprived districts.',
          say(
            'jonas.berg',
            'That version of the plot tells the story better than the fit line does.',
          ),
        ),
      ),
    ],
  },
  {
    post: 'Glovebox etiquette and our LFP slurry recipe',
    threads: [
      say(
        'aiko.tanaka',
        "Rule 6, 'never open both antechamber doors', should be rule 1. We learned that the expensive way.",
        say(
          'tomas_alvarez',
          'Moved to the top in the next version. The Kimwipe incident was also an antechamber incident, to be fair.',
          say('aiko.tanaka', 'Every lab has a Kimwipe incident. Ours involved a grid box.'),
        ),
      ),
      say(
        'noah_fischer',
        'Is the slurry recipe in weight percent of solids? The PVDF line could be read either way.',
        say(
          'tomas_alvarez',
          'Weight percent of solids: 90 active, 5 carbon black, 5 PVDF. NMP is added on top to the viscosity we want. I will fix the wording.',
        ),
      ),
    ],
  },
  {
    post: 'Hall mobility vs. carrier density: hBN vs. SiO₂ substrates',
    threads: [
      say(
        'li_wen',
        'The similarity to noise floors is real: below the puddle density your mobility is the disorder talking, like our decoders below a certain firing rate. Do you estimate the puddle density from the downturn?',
        say(
          'mara_okafor',
          'Roughly, yes: where the curve turns over gives about 5 × 10⁹ cm⁻² for the hBN devices. The SiO₂ ones turn over ten times higher.',
          say(
            'li_wen',
            'So the substrate moves the noise floor. Nice that the same picture works in both fields.',
          ),
        ),
      ),
      say(
        'tomas_alvarez',
        'Are the older SiO₂ devices comparable? A three-year-old device has seen air and a lot of thermal cycles.',
        say(
          'mara_okafor',
          'Fair criticism. Two of them were remeasured this year and lost about 10% in mobility, nowhere near a factor of three. I will add that to the post.',
        ),
      ),
    ],
  },
  {
    post: 'Robustness benchmark: five ImageNet models under corruption and shift',
    threads: [
      say(
        'li_wen',
        'Section 3 is the interesting bit indeed. Is the calibration gap under shift related to how confident the model is on clean data?',
        say(
          'priya_raman',
          'Weakly. The ViT is the best calibrated on clean data and among the worst on ImageNet-R. Clean calibration seems to tell you little about shift.',
          say('li_wen', 'That is the result I would put in the abstract.'),
        ),
      ),
      say(
        'noah_fischer',
        'Did you pin the preprocessing code? Resize interpolation alone can move ImageNet-C numbers by a point.',
        say(
          'priya_raman',
          'Pinned, and the CSV has the commit hash of the evaluation script. Bilinear everywhere, even where a checkpoint was trained with bicubic, which I mention in the limitations.',
          say('noah_fischer', 'Perfect. A commit hash in the results file is my favourite thing.'),
        ),
      ),
    ],
  },
  {
    post: 'Reading list: ocean heat uptake and the AMOC',
    threads: [
      say(
        'samuel_ndiaye',
        'Anything on the tropical Atlantic? My students ask how the AMOC connects to what we see on the West African coast.',
        say(
          'jonas.berg',
          'Good gap. I will add a review on the AMOC fingerprint in tropical SST and the West African monsoon, which is the connection you want.',
          say('samuel_ndiaye', 'Perfect, that is exactly the link they are missing.'),
        ),
      ),
      say(
        'elena_rossi',
        'Is there something for physicists who have never seen the primitive equations?',
        say(
          'jonas.berg',
          'Start with the first two chapters of Vallis, then come back to the list. The jargon is most of the barrier.',
        ),
      ),
    ],
  },
  {
    post: 'Decoding accuracy by brain region',
    threads: [
      say(
        'priya_raman',
        'Happy to. First question: are the choice decoders calibrated at all? Logistic regression on 40 units tends to be overconfident when you subsample.',
        say(
          'li_wen',
          'No idea, which is why I asked. I can send you the predicted probabilities from the 100 subsamples.',
          say(
            'priya_raman',
            'Send them. A reliability diagram per region will tell us if PFC wins on accuracy but loses on calibration.',
          ),
        ),
      ),
      say(
        'fatima_elamrani',
        'Chance is 50% for choice only if the choices are balanced. Are they?',
        say(
          'li_wen',
          'About 60/40 left/right in most sessions, so the decoders are trained on balanced subsamples. Good catch though, I should say it on the figure.',
        ),
      ),
    ],
  },
  {
    post: 'nanoDSF raw melting curves (12 variants × 3 replicates)',
    threads: [
      say(
        'tomas_alvarez',
        'Refitted with a two-state model with sloping baselines: my Tm values are within 0.3 °C of yours except for S230P, which I get 1.5 °C lower.',
        say(
          'aiko.tanaka',
          'S230P has a very broad transition, so the first-derivative peak and a two-state fit disagree. That is a sign it is not two-state at all.',
          say('tomas_alvarez', 'That makes sense. Then both numbers are wrong in different ways.'),
        ),
      ),
    ],
  },
  {
    post: 'Water temperature at the Saloum mouth, one month of logger data',
    threads: [
      say(
        'jonas.berg',
        'The regional products show about 1 °C of cooling over October in that area, so most of your trend is large-scale. The wiggles on top could be river input.',
        say(
          'samuel_ndiaye',
          'That helps. So if I subtract the satellite SST, what is left should be the local part.',
          say(
            'jonas.berg',
            'Roughly. Use the daily product and compare daily means, not hourly; the satellite cannot see your tides.',
          ),
        ),
      ),
      say(
        'elena_rossi',
        'The daily cycle looks bigger in the second half of the month. Clearer skies as the rains stop?',
        say(
          'samuel_ndiaye',
          'That is my guess too. The station at the school has a radiation sensor, I will check.',
        ),
      ),
    ],
  },
  {
    post: 'First radial-velocity curve for EB-07',
    threads: [
      say(
        'mara_okafor',
        'Congratulations! How much does the mass uncertainty depend on the inclination?',
        say(
          'elena_rossi',
          'A lot: the masses scale with 1/sin³ i. At i = 87° that is forgiving, but a degree of error there is a few percent in mass.',
          say('mara_okafor', 'Then the light-curve fit is the step to be careful with. Good luck!'),
        ),
      ),
      say(
        'fatima_elamrani',
        'Ten epochs is not many. Is the orbit really circular, or could a small eccentricity hide in the gaps?',
        say(
          'elena_rossi',
          'The secondary eclipse at phase 0.500 limits e cos ω to almost zero. e sin ω is less constrained, but the eclipse durations agree, so probably circular.',
        ),
      ),
    ],
  },
  {
    post: 'Template: software management plan for grant applications',
    threads: [
      say(
        'fatima_elamrani',
        'Does the template cover code that handles personal data? Our funder asks for that separately.',
        say(
          'noah_fischer',
          'Only with one line pointing to the data management plan. I would keep the two separate and link them, reviewers are different people.',
          say('fatima_elamrani', 'That matches what our data protection office wants, thank you.'),
        ),
      ),
      say(
        'tomas_alvarez',
        'Used it for our last application and the reviewer praised the software section, a first for us.',
        say('noah_fischer', 'That made my week. Tell the others, @aiko.tanaka needs one too.'),
      ),
    ],
  },
  {
    post: 'Serial interval of influenza A(H3N2) from household contact tracing',
    threads: [
      say(
        'li_wen',
        'Did you adjust for right truncation? Pairs with long intervals are less likely to be complete when the study ends.',
        say(
          'fatima_elamrani',
          'The study ran six weeks past the last index case, so truncation should be minor. A sensitivity analysis with a truncated gamma gives a mean of 3.0 days instead of 2.9.',
          say('li_wen', 'Reassuring. I would still put that sentence into the figure caption.'),
        ),
      ),
      say(
        'priya_raman',
        'Why a gamma rather than a lognormal?',
        say(
          'fatima_elamrani',
          'Both fit almost equally well (AIC differs by 1.2). Gamma because the nowcasting model expects it, which I admit is a practical reason.',
          say(
            'noah_fischer',
            'A practical reason stated openly beats a theoretical one invented afterwards.',
          ),
        ),
      ),
    ],
  },
  {
    post: 'Ionic conductivity map of a garnet composition series',
    threads: [
      say(
        'priya_raman',
        'Sixty-four compositions is a nice grid for a Gaussian process. Have you thought about choosing the next batch actively instead of on a grid?',
        say(
          'tomas_alvarez',
          'We have, but sintering takes a week per batch, so we do 64 at once anyway. Active learning would pick the next batch of 64, which is still a good idea.',
          say(
            'priya_raman',
            'Batch Bayesian optimisation then. Let me know if you want to try it.',
          ),
        ),
      ),
      say(
        'mara_okafor',
        'Can you separate bulk and grain-boundary conductivity from the impedance spectra?',
        say(
          'tomas_alvarez',
          'At 25 °C the two semicircles overlap for most pellets. Low-temperature impedance on a few pellets is planned to separate them.',
        ),
      ),
    ],
  },
  {
    post: 'Temperature scaling fixes most of the overconfidence',
    threads: [
      say(
        'li_wen',
        'One parameter for a whole ViT. Why does that work so well, in your view?',
        say(
          'priya_raman',
          'Most miscalibration of modern networks is a global overconfidence, so one scale factor fixes most of it. It breaks when the miscalibration differs between classes or inputs.',
          say(
            'li_wen',
            'That is a useful way to put it. Our decoders are probably in that second case.',
          ),
        ),
      ),
      say(
        'fatima_elamrani',
        'Is ECE with 10 bins stable with 45,000 images? I have seen it move a lot with the binning.',
        say(
          'priya_raman',
          'With 45k it is stable to about 0.002. With a few hundred examples it would not be; then I would use a debiased estimator.',
        ),
      ),
    ],
  },
  {
    post: 'Glacier mass balance vs. summer temperature, 12 Norwegian glaciers',
    threads: [
      say(
        'elena_rossi',
        'Would separating maritime and continental glaciers change the slope?',
        say(
          'jonas.berg',
          'Yes: the maritime ones are more sensitive, about −1.1 m w.e. per degree against −0.7 for the continental ones. Pooled it looks cleaner than it is.',
          say('elena_rossi', 'Then two lines would tell the story better than one.'),
        ),
      ),
      say(
        'samuel_ndiaye',
        'Naive question: why are the points for one glacier not independent? You seem worried about that in the caption.',
        say(
          'jonas.berg',
          'Neighbouring years share weather patterns and the same glacier has the same geometry every year. So 24 years of one glacier are worth fewer than 24 independent points.',
        ),
      ),
    ],
  },
  {
    post: 'Pupil diameter tracks arousal before the choice',
    threads: [
      say(
        'fatima_elamrani',
        'Is the larger dilation on error trials there before the animal could know it is wrong?',
        say(
          'li_wen',
          'Yes, it starts about a second before the choice point. So it looks like arousal or uncertainty going in, not a reaction to the error.',
          say(
            'priya_raman',
            'Uncertainty going in is a calibration signal! @li_wen we should add pupil size to the decoder as a confidence feature.',
          ),
        ),
      ),
      say(
        'aiko.tanaka',
        'Do you control for luminance? Even small changes in the light in the maze would move the pupil.',
        say(
          'li_wen',
          'The track is lit evenly, and the dilation is locked to the choice point, not to a position, since the point moves between sessions. But a luminance check is cheap, I will do it.',
        ),
      ),
    ],
  },
];

/**
 * The account that is not a researcher: it registers late, leaves an advert under a popular
 * post and is reported for it. It likes nothing and is left out of the printed list of members.
 */
export const SPAMMER: AuthorSpec = {
  username: 'fastpub_editor',
  nickname: 'FastPub Editorial Office',
  title: 'Editorial office',
  bio: 'Rapid open-access publishing: decision in 72 hours, all subjects welcome.',
  tags: 'publishing, open access',
  generosity: 0,
};

/** What the spammer leaves, and under which post. */
export const SPAM_COMMENT = {
  post: 'Reproducible analysis pipelines: the checklist we now use',
  text: 'Dear researchers, the International Journal of Advanced Everything invites your manuscripts! Decision in 72 hours, publication fee waived this month. Send your paper to our editorial office today.',
};

/** The open report a newcomer finds in the moderation queue. */
export const SPAM_REPORT: { reporter: string; reason: ReportReason; note: string } = {
  reporter: 'fatima_elamrani',
  reason: 'spam',
  note: 'Predatory journal advert, nothing to do with the post. The account has posted nothing else.',
};

/**
 * The seeded moderator: the member who already "keeps this forum running". The seed gives the
 * role through the account service, as ADMIN_USERNAMES does at start-up.
 */
export const MODERATOR = 'noah_fischer';
