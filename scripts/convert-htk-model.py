#!/usr/bin/python3
"""Converts an HTK acoustic model (single-Gaussian, diagonal covariance, one
stream) into the files under models/<folder>/ (run with Debian's
/usr/bin/python3; needs python3-onnx and python3-numpy):

  convert-htk-model.py fr      SPPAS French triphones (../shared/models-src/fr-sppas/fra-triphone, CC BY-NC-SA 4.0)
  convert-htk-model.py fr-ca   SPPAS Quebec French monophones (../shared/models-src/fr-sppas/frq-monophone, CC BY-NC-SA 4.0);
                               no lexicon of its own: fr-ca reads models/fr/lexicon.json

Reads the MMF `hmmdefs` with its `~t` (transition), `~s` (state) and `~v`
macros, inline states and matrices too, and the `tiedlist` that maps every
logical triphone to the physical HMM that stands for it. Writes:

  acoustic.onnx  features [T, 25] + states [K]  ->  loglik [T, K]: the natural-log
                 likelihood of each requested state's Gaussian in every frame
                 (one MatMul over [x^2, x] for all states, then a Gather)
  hmms.json      physical HMMs (their state ids and transition matrix), the
                 transition matrices as natural logs (null where impossible),
                 and the logical -> physical name table
  lexicon.json   the pronouncing dictionary in the model's phones (fr: MFA's
                 french_mfa, CC BY 4.0, through the IPA table below)
  manifest.json  sources, sha256s, the front end (HTK config), phones
  LICENSE        the upstream licence notice
  golden.json    (test/fixtures/) a few frames scored in float64 straight from
                 the parsed MMF, so tests can check the ONNX graph

Running it twice gives byte-identical files.
"""
import hashlib
import json
import math
import os
import re
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(REPO), 'shared')


def sppas(model, what, authors, folder):
    """What every SPPAS model shares: its source folder, CC BY-NC-SA licence, silence and short pause."""
    return {
        'src': f'{SHARED}/models-src/fr-sppas/{model}',
        'name': f'sppas-{model}',
        'description': f'SPPAS {what} acoustic model (HTK, one Gaussian per state, MFCC_0_D_N_Z), converted to ONNX',
        'spdx': 'CC-BY-NC-SA-4.0',
        'licence': f'CC BY-NC-SA 4.0 (non-commercial), see LICENSE; {authors} (SPPAS)',
        'source': {'url': 'https://sppas.org/', 'release': f'SPPAS resources, {model.split("-")[0]}'},
        'golden': f'htk-{folder}-golden.json',
        'silence': 'sil', 'short_pause': 'sp',
    }


MODELS = {
    'fr': {
        **sppas('fra-triphone', 'French triphone', 'author Brigitte Bigi', 'fr'),
        # Silence, pause and these fillers are the model's own; the other monophones are the lexicon's phones.
        'fillers': ['fp', 'gb', '@@'],
        # A placeholder HMM of SPPAS's, neither speech nor a filler.
        'unused': ['dummy'],
        # The model's phone names (SPPAS's SAMPA-like "E", "a~", "@") -> the names the lexicon, the markup and the
        # wire use: lower-case ARPABET where ARPABET has the sound, else a lower-case name of the French sound.
        'names': {
            '@': 'ax', 'E': 'eh', 'U~': 'in', 'a': 'aa', 'a~': 'an', 'e': 'ey', 'eu': 'eu', 'i': 'iy', 'o': 'ow', 'oe': 'oe',
            'o~': 'on', 'u': 'uw', 'y': 'ux', 'H': 'uy', 'R': 'r', 'S': 'sh', 'Z': 'zh', 'j': 'y', 'w': 'w',
            'b': 'b', 'd': 'd', 'f': 'f', 'g': 'g', 'k': 'k', 'l': 'l', 'm': 'm', 'n': 'n', 'p': 'p', 's': 's', 't': 't', 'v': 'v', 'z': 'z',
        },
        'lexicon': {
            'path': f'{SHARED}/lexicons/mfa/french_mfa.dict',
            'licence_file': f'{SHARED}/lexicons/mfa/LICENSE',
            'name': 'Montreal Forced Aligner french_mfa dictionary',
            'licence': 'CC BY 4.0',
            # MFA's IPA -> the model's phones (README "French", with why). MFA writes allophones
            # the model has no phone for: palatalised k and g (c ɟ, before front vowels) are the
            # plain consonants; ɑ merges with a, ɔ with o, œ̃ does not occur (ɛ̃ stands for both).
            # ɲ, ʎ and mʲ are n, l, m + the glide j ("agneau", "lien", "aimions"), except before
            # i, where MFA writes them for the plain consonant ("définition" d e f i ɲ i s j ɔ̃,
            # "liste" ʎ i s t): there they are n, l, m (PALATAL_BEFORE_I).
            'phones': {
                'a': 'a', 'ɑ': 'a', 'b': 'b', 'c': 'k', 'd': 'd', 'dʒ': 'd Z', 'e': 'e', 'f': 'f', 'i': 'i',
                'j': 'j', 'k': 'k', 'l': 'l', 'm': 'm', 'mʲ': 'm j', 'n': 'n', 'o': 'o', 'p': 'p', 's': 's',
                't': 't', 'ts': 't s', 'tʃ': 't S', 'u': 'u', 'v': 'v', 'w': 'w', 'y': 'y', 'z': 'z',
                'ø': 'eu', 'ŋ': 'n g', 'œ': 'oe', 'ɑ̃': 'a~', 'ɔ': 'o', 'ɔ̃': 'o~', 'ə': '@', 'ɛ': 'E',
                'ɛ̃': 'U~', 'ɟ': 'g', 'ɡ': 'g', 'ɥ': 'H', 'ɲ': 'n j', 'ʁ': 'R', 'ʃ': 'S', 'ʎ': 'l j', 'ʒ': 'Z',
            },
        },
    },
    'fr-ca': {
        **sppas('frq-monophone', 'Quebec French monophone', 'authors Mélanie Lancien and Brigitte Bigi', 'fr-ca'),
        'fillers': ['fp', 'noise', 'laugh'],
        # A glottal stop the French lexicon never writes, and SPPAS's placeholder.
        'unused': ['dummy', 'glot'],
        # Its phones by the French lexicon's names (models/fr/lexicon.json, shared), and names for the
        # Quebec phones that lexicon does not write (lax ɪ ʊ ʏ, ɑ, ɔ, œ̃, ɜ, ɲ, ŋ), which can still be heard.
        'names': {
            '@': 'ax', 'a': 'aa', 'aa': 'aah', 'aa~': 'an', 'e': 'ey', 'ee': 'eh', 'ee~': 'in', 'eo': 'er', 'eu': 'eu',
            'hh': 'uy', 'i': 'iy', 'ii': 'ih', 'j': 'y', 'jj': 'nj', 'nn': 'ng', 'o': 'ow', 'oe': 'oe', 'oo': 'ao',
            'ooo~': 'on', 'rr': 'r', 'ss': 'sh', 'u': 'uw', 'uu': 'uh', 'uuu~': 'un', 'y': 'ux', 'yy': 'yh', 'zz': 'zh', 'w': 'w',
            'b': 'b', 'd': 'd', 'f': 'f', 'g': 'g', 'k': 'k', 'l': 'l', 'm': 'm', 'n': 'n', 'p': 'p', 's': 's', 't': 't', 'v': 'v', 'z': 'z',
        },
    },
}
MAX_VARIANTS = 4


def tokens(path):
    """MMF tokens: quoted names keep their quotes off; tags are lower-cased."""
    out = []
    for line in open(path, encoding='latin-1'):
        for word in line.split():
            out.append(word.lower() if word.startswith('<') else word)
    return out


def parse_mmf(paths):
    states, tmats, hmms = {}, {}, {}
    anonymous = 0
    for path in paths:
        tok = tokens(path)
        i = 0

        def number():
            nonlocal i
            i += 1
            return float(tok[i - 1])

        def vector(tag):
            nonlocal i
            assert tok[i] == tag, (path, i, tok[i], tag)
            n = int(tok[i + 1])
            i += 2
            return np.array([number() for _ in range(n)])

        def state():
            nonlocal i, anonymous
            if tok[i] == '~s':
                name = tok[i + 1].strip('"')
                i += 2
                return name
            mean = vector('<mean>')
            var = vector('<variance>')
            if tok[i] == '<gconst>':
                i += 2
            anonymous += 1
            name = f'_inline_{anonymous}'
            states[name] = (mean, var)
            return name

        def matrix():
            nonlocal i
            assert tok[i] == '<transp>', (path, i, tok[i])
            n = int(tok[i + 1])
            i += 2
            return np.array([number() for _ in range(n * n)]).reshape(n, n)

        def transp(owner):
            nonlocal i
            if tok[i] == '~t':
                name = tok[i + 1].strip('"')
                i += 2
                return name
            name = f'_inline_{owner}'
            tmats[name] = matrix()
            return name

        while i < len(tok):
            t = tok[i]
            if t == '~s':
                name = tok[i + 1].strip('"')
                i += 2
                mean = vector('<mean>')
                var = vector('<variance>')
                if tok[i] == '<gconst>':
                    i += 2
                states[name] = (mean, var)
            elif t == '~t':
                name = tok[i + 1].strip('"')
                i += 2
                tmats[name] = matrix()
            elif t == '~h':
                name = tok[i + 1].strip('"')
                i += 2
                assert tok[i] == '<beginhmm>' and tok[i + 1] == '<numstates>', (path, name)
                n = int(tok[i + 2])
                i += 3
                emitting = []
                while tok[i] == '<state>':
                    assert int(tok[i + 1]) == len(emitting) + 2
                    i += 2
                    emitting.append(state())
                tm = transp(name)
                assert tok[i] == '<endhmm>' and len(emitting) == n - 2, (path, name)
                i += 1
                hmms[name] = (emitting, tm)
            else:
                i += 1  # global options (~o, ~v and their fields)
    return states, tmats, hmms


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else 'fr'
    model = MODELS[folder]
    src = model['src']
    out_dir = f'{REPO}/models/{folder}'
    states, tmats, hmms = parse_mmf([f'{src}/macros', f'{src}/hmmdefs'])
    state_names = sorted(states)
    state_id = {n: k for k, n in enumerate(state_names)}
    means = np.stack([states[n][0] for n in state_names])
    variances = np.stack([states[n][1] for n in state_names])
    tmat_names = sorted(tmats)
    tmat_id = {n: k for k, n in enumerate(tmat_names)}
    hmm_names = sorted(hmms)
    hmm_id = {n: k for k, n in enumerate(hmm_names)}

    logical = {}
    # A monophone model has no tiedlist: each HMM stands for itself.
    for line in open(f'{src}/tiedlist', encoding='latin-1') if os.path.exists(f'{src}/tiedlist') else []:
        parts = line.split()
        if parts:
            logical[parts[0]] = hmm_id[parts[-1]]
    for name in hmm_names:
        logical.setdefault(name, hmm_id[name])

    os.makedirs(out_dir, exist_ok=True)
    write_onnx(means, variances, f'{out_dir}/acoustic.onnx')
    log = lambda p: None if p <= 0 else round(math.log(p), 6)
    table = {
        'hmms': [{'name': n, 'states': [state_id[s] for s in hmms[n][0]], 'transitions': tmat_id[hmms[n][1]]} for n in hmm_names],
        'transitions': [[[log(p) for p in row] for row in tmats[n]] for n in tmat_names],
        'logical': dict(sorted(logical.items())),
    }
    with open(f'{out_dir}/hmms.json', 'w') as f:
        json.dump(table, f, separators=(',', ':'))
        f.write('\n')
    write_golden(means, variances, model['golden'])
    names = model['names']
    lexicon = model.get('lexicon')
    if lexicon:
        vowels = {names[p] for p in ['@', 'E', 'U~', 'a', 'a~', 'e', 'eu', 'i', 'o', 'oe', 'o~', 'u', 'y']}
        entries = read_mfa(lexicon['path'], {ipa: ' '.join(names[p] for p in phones.split()) for ipa, phones in lexicon['phones'].items()}, vowels)
        with open(f'{out_dir}/lexicon.json', 'w') as f:
            json.dump(entries, f, ensure_ascii=False, separators=(',', ':'), sort_keys=True)
            f.write('\n')
    authors = ' and '.join(line.split(',')[0].split('<')[0].strip() for line in open(f'{src}/AUTHORS.txt', encoding='utf-8') if line.strip() and '@' not in line)
    with open(f'{out_dir}/LICENSE', 'w') as f:
        f.write(f"The files in models/{folder}/ are converted from {model['name']} by {authors} (SPPAS), licensed as follows.\n\n")
        f.write(open(f'{src}/COPYRIGHT.txt', encoding='utf-8').read().strip() + '\n')
        if lexicon:
            f.write(f"\nlexicon.json is converted from the {lexicon['name']}, licensed as follows.\n\n")
            f.write(open(lexicon['licence_file'], encoding='utf-8').read().strip() + '\n')
    config = read_config(f'{src}/config')
    monophones = [p.strip() for p in open(f'{src}/monophones') if p.strip()]
    fillers = {model['silence'], model['short_pause'], *model['fillers'], *model['unused']}
    manifest = {
        'kind': 'htk-gauss',
        # The build tools ship copyleft and non-commercial folders only when asked (vite.config.ts, package.json).
        'spdx': model['spdx'],
        'name': model['name'],
        'description': model['description'],
        'source': {
            **model['source'],
            'path': os.path.relpath(src, REPO),
            'licence': model['licence'],
            'sha256': {name: sha256(f'{src}/{name}') for name in ['hmmdefs', 'macros', 'tiedlist', 'config', 'monophones'] if os.path.exists(f'{src}/{name}')},
        },
        'converter': 'scripts/convert-htk-model.py',
        **({'lexicon': {'path': os.path.relpath(lexicon['path'], REPO), 'licence': lexicon['licence'], 'sha256': sha256(lexicon['path']), 'words': len(entries)}} if lexicon else {}),
        'files': {name: sha256(f'{out_dir}/{name}') for name in ['acoustic.onnx', 'hmms.json', *(['lexicon.json'] if lexicon else [])]},
        'features': config,
        # The speech phones by the lexicon's names, and the model's HMM for each.
        'phones': [names[p] for p in monophones if p not in fillers],
        'hmm_names': {names[p]: p for p in monophones if p not in fillers},
        'silence': model['silence'],
        'short_pause': model['short_pause'],
        'fillers': [p for p in model['fillers'] if p in hmm_id],
    }
    with open(f'{out_dir}/manifest.json', 'w') as f:
        json.dump(manifest, f, indent=1, ensure_ascii=False)
        f.write('\n')
    print(f'models/{folder}: {len(state_names)} states, {len(hmm_names)} HMMs, {len(tmat_names)} transition matrices, {len(logical)} logical names')


def with_stress(phones, vowels):
    """French stress falls on the word's last full vowel (schwa only where there is no other): digits as lexicon/phones.ts writes them."""
    full = [i for i, p in enumerate(phones) if p in vowels and p != 'ax']
    nuclei = [i for i, p in enumerate(phones) if p in vowels]
    stressed = (full or nuclei or [-1])[-1]
    return ' '.join(p + ('1' if i == stressed else '0') if p in vowels else p for i, p in enumerate(phones))


PALATAL_BEFORE_I = re.compile(r'(ɲ|ʎ|mʲ)(?= i( |$))')
PLAIN = {'ɲ': 'n', 'ʎ': 'l', 'mʲ': 'm'}


def read_mfa(path, table, vowels):
    """MFA's word<TAB>IPA lines -> the record lexicon/dictionary.ts reads ("word", "word(2)", ...), in the model's phones with stress digits."""
    variants = {}
    for line in open(path, encoding='utf-8'):
        word, _, ipa = line.rstrip('\n').partition('\t')
        if ipa == 'spn' or not ipa:
            continue
        plain = PALATAL_BEFORE_I.sub(lambda m: PLAIN[m.group(1)], ipa)
        phones = with_stress(' '.join(table[p] for p in plain.split()).split(), vowels)
        listed = variants.setdefault(word, [])
        if phones not in listed and len(listed) < MAX_VARIANTS:
            listed.append(phones)
    # Then each word's schwa-less variants, after all MFA lists, as space allows.
    for listed in variants.values():
        for phones in list(listed):
            dropped = without_schwa(phones.split(), vowels)
            if dropped and dropped not in listed and len(listed) < MAX_VARIANTS:
                listed.append(dropped)
    return {(w if k == 0 else f'{w}({k + 1})'): p for w, ps in variants.items() for k, p in enumerate(ps)}


def without_schwa(phones, vowels):
    """The word with its unstressed schwas dropped where French drops them (the three-consonant rule, simplified):
    after a single consonant that follows a vowel or starts the word, and before a consonant ("samedi", "petite");
    None where none can go."""
    is_vowel = lambda p: p[:-1] in vowels
    out = []
    for i, p in enumerate(phones):
        before = out[-2] if len(out) >= 2 else None
        single = len(out) >= 1 and not is_vowel(out[-1]) and (before is None or is_vowel(before))
        if p == 'ax0' and single and i + 1 < len(phones) and not is_vowel(phones[i + 1]):
            continue
        out.append(p)
    return ' '.join(out) if len(out) < len(phones) else None


def read_config(path):
    """The HTK config's front-end fields, in the units src/acoustic/htk/front-end.ts takes."""
    c = {}
    for line in open(path):
        if '=' in line:
            k, v = (x.strip() for x in line.split('=', 1))
            c[k] = v
    assert c['TARGETKIND'] == 'MFCC_0_D_N_Z' and c['USEHAMMING'] == 'T', c
    rate = 16000
    return {
        'sample_rate': rate,
        'window_samples': round(float(c['WINDOWSIZE']) * 1e-7 * rate),
        'shift_samples': round(float(c['TARGETRATE']) * 1e-7 * rate),
        'preemphasis': float(c['PREEMCOEF']),
        'channels': int(c['NUMCHANS']),
        'cepstra': int(c['NUMCEPS']),
        'lifter': int(c['CEPLIFTER']),
        'delta_window': int(c.get('DELTAWINDOW', 2)),
    }


def write_onnx(means, variances, path):
    n, dim = means.shape
    inv = 1.0 / variances
    # log N(x) = x^2 . (-inv/2) + x . (mu inv) + const
    a = np.concatenate([-0.5 * inv, means * inv], axis=1).T  # [2D, S]
    const = -0.5 * ((means * means * inv).sum(axis=1) + np.log(2 * math.pi * variances).sum(axis=1))
    inits = [numpy_helper.from_array(a.astype(np.float32), 'A'), numpy_helper.from_array(const.astype(np.float32), 'c')]
    nodes = [
        helper.make_node('Mul', ['features', 'features'], ['xx']),
        helper.make_node('Concat', ['xx', 'features'], ['x2'], axis=1),
        helper.make_node('MatMul', ['x2', 'A'], ['g0']),
        helper.make_node('Add', ['g0', 'c'], ['all']),
        helper.make_node('Gather', ['all', 'states'], ['loglik'], axis=1),
    ]
    graph = helper.make_graph(
        nodes, 'htk_state_loglik',
        [helper.make_tensor_value_info('features', TensorProto.FLOAT, ['T', dim]),
         helper.make_tensor_value_info('states', TensorProto.INT64, ['K'])],
        [helper.make_tensor_value_info('loglik', TensorProto.FLOAT, ['T', 'K'])],
        inits)
    model = helper.make_model(graph, producer_name='oralis-convert-htk-model', opset_imports=[helper.make_opsetid('', 17)])
    onnx.checker.check_model(model)
    with open(path, 'wb') as f:
        f.write(model.SerializeToString())


def write_golden(means, variances, name):
    """State log-likelihoods for pseudo-random frames near random states' means, in float64."""
    rng = np.random.default_rng(762)
    feats = means[rng.integers(len(means), size=4)] + rng.normal(0, 0.5, (4, means.shape[1]))
    feats = feats.astype(np.float32).astype(np.float64)
    picked = [0, 1, 17, len(means) // 4, len(means) // 2, len(means) - 1]
    loglik = [[round(float(-0.5 * (np.log(2 * math.pi * variances[s]) + (x - means[s]) ** 2 / variances[s]).sum()), 4) for s in picked] for x in feats]
    with open(f'{REPO}/test/fixtures/{name}', 'w') as f:
        json.dump({'features': [[round(v, 6) for v in x] for x in feats.tolist()], 'states': picked, 'loglik': loglik}, f)
        f.write('\n')


def sha256(path):
    return hashlib.sha256(open(path, 'rb').read()).hexdigest()


if __name__ == '__main__':
    main()
