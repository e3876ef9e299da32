#!/usr/bin/python3
"""Builds the en-gb pronouncing dictionary, models/en-gb/lexicon.json, from the
British lexicons in ../shared/lexicons/ (run with /usr/bin/python3):

  Britfone 3.0.1 (MIT; RP, stress marked)           first: curated RP
  ipa-dict en_UK (MIT; espeak-ng RP, stress marked)  then: coverage
  MFA english_uk_mfa (CC BY 4.0; no stress)          then: words the others lack, with stress
                                                     from CMUdict by vowel alignment; and the
                                                     TRAP/PALM alternation ("bath" with /a/)

Each pronunciation is mapped onto the acoustic model's ARPABET (the table
below, explained in the README's "British English" section) with stress
digits on vowels; variants keep the sources' order, duplicates dropped, at
most MAX_VARIANTS. The output is the same JSON record as
models/en-us/cmudict.json ("word", "word(2)", ...), keys sorted, so reruns
are byte-identical; models/en-gb/manifest.json (kind "lexicon": no acoustic
model lives here) records the sources' sha256s and licences.
"""
import hashlib
import json
import os
import re
import sys

SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'shared')
LEX = os.path.join(SHARED, 'lexicons')
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'models', 'en-gb')
CMUDICT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'node_modules', 'cmu-pronouncing-dictionary', 'index.js')
MAX_VARIANTS = 4

# Broad RP IPA (Britfone, ipa-dict) -> ARPABET. Vowels end in '*' where the stress digit goes.
# A trailing 'AH' with no digit is the off-glide of a centring diphthong: the model has no
# /ɪə eə ʊə/, and a glide is not a syllable of its own (so "near" stays one syllable).
IPA = [
    ('a\u200dɪ', ['AY*']), ('a\u200dʊ', ['AW*']), ('e\u200dɪ', ['EY*']), ('ɔ\u200dɪ', ['OY*']),
    ('ə\u200dʊ', ['OW*']), ('o\u200dʊ', ['OW*']), ('ɪ\u200də', ['IH*', 'AH']), ('i\u200də', ['IH*', 'AH']),
    ('d\u200dʒ', ['JH']), ('t\u200dʃ', ['CH']), ('e\u200də', ['EH*', 'AH']),
    ('ʊ\u200də', ['UH*', 'AH']), ('ə\u200dl', ['AH*', 'L']), ('ə\u200dn', ['AH*', 'N']), ('ə\u200dm', ['AH*', 'M']),
    ('aɪ', ['AY*']), ('aʊ', ['AW*']), ('eɪ', ['EY*']), ('ɔɪ', ['OY*']), ('əʊ', ['OW*']), ('oʊ', ['OW*']),
    ('ɪə', ['IH*', 'AH']), ('ɛə', ['EH*', 'AH']), ('eə', ['EH*', 'AH']), ('ʊə', ['UH*', 'AH']),
    ('tʃ', ['CH']), ('dʒ', ['JH']),
    ('iː', ['IY*']), ('uː', ['UW*']), ('ɑː', ['AA*']), ('ɔː', ['AO*']), ('ɜː', ['ER*']), ('ɛː', ['EH*']),
    ('i', ['IY*']), ('ɪ', ['IH*']), ('ɛ', ['EH*']), ('e', ['EH*']), ('æ', ['AE*']), ('a', ['AE*']),
    ('ɑ', ['AA*']), ('ɒ', ['AA*']), ('ɔ', ['AO*']), ('ʊ', ['UH*']), ('u', ['UW*']), ('ʌ', ['AH*']),
    ('ɐ', ['AH*']), ('ə', ['AH*']), ('ɜ', ['ER*']),
    ('p', ['P']), ('b', ['B']), ('t', ['T']), ('d', ['D']), ('k', ['K']), ('g', ['G']), ('ɡ', ['G']),
    ('f', ['F']), ('v', ['V']), ('θ', ['TH']), ('ð', ['DH']), ('s', ['S']), ('z', ['Z']), ('ʃ', ['SH']),
    ('ʒ', ['ZH']), ('h', ['HH']), ('x', ['HH']), ('m', ['M']), ('n', ['N']), ('ŋ', ['NG']), ('l', ['L']),
    ('ɬ', ['L']), ('ɹ', ['R']), ('r', ['R']), ('j', ['Y']), ('w', ['W']), ('ʔ', ['T']),
]
# MFA's narrow phones -> ARPABET (stress comes from CMUdict, not from MFA).
MFA = {
    'ə': ['AH*'], 'ɐ': ['AH*'], 'ɪ': ['IH*'], 'i': ['IY*'], 'iː': ['IY*'], 'ɛ': ['EH*'], 'ɛː': ['EH*'], 'e': ['EH*'],
    'a': ['AE*'], 'ɑː': ['AA*'], 'ɑ': ['AA*'], 'ɒ': ['AA*'], 'ɒː': ['AO*'], 'ʊ': ['UH*'], 'ʉː': ['UW*'], 'ʉ': ['UW*'],
    'ɜː': ['ER*'], 'ɜ': ['ER*'], 'ej': ['EY*'], 'aj': ['AY*'], 'əw': ['OW*'], 'aw': ['AW*'], 'ɔj': ['OY*'],
    'ɫ̩': ['AH*', 'L'], 'n̩': ['AH*', 'N'], 'm̩': ['AH*', 'M'],
    'p': ['P'], 'pʰ': ['P'], 'pʲ': ['P'], 'pʷ': ['P'], 'b': ['B'], 'bʲ': ['B'], 't': ['T'], 'tʰ': ['T'],
    'tʲ': ['T'], 'tʷ': ['T'], 't̪': ['T'], 'ʔ': ['T'], 'd': ['D'], 'dʲ': ['D'], 'd̪': ['D'], 'k': ['K'],
    'kʰ': ['K'], 'kʷ': ['K'], 'c': ['K'], 'cʰ': ['K'], 'cʷ': ['K'], 'ɡ': ['G'], 'ɡʷ': ['G'], 'ɟ': ['G'],
    'ɟʷ': ['G'], 'f': ['F'], 'fʲ': ['F'], 'v': ['V'], 'vʲ': ['V'], 'vʷ': ['V'], 'θ': ['TH'], 'ð': ['DH'],
    's': ['S'], 'z': ['Z'], 'ʃ': ['SH'], 'ʒ': ['ZH'], 'h': ['HH'], 'ç': ['HH', 'Y'], 'm': ['M'], 'mʲ': ['M'],
    'n': ['N'], 'ɲ': ['N', 'Y'], 'ŋ': ['NG'], 'l': ['L'], 'ɫ': ['L'], 'ʎ': ['L'], 'ɹ': ['R'], 'j': ['Y'],
    'w': ['W'], 'tʃ': ['CH'], 'dʒ': ['JH'],
}


# British letter names (Score Word's letter kind): "z" is zed, "h" aitch, "r" ar.
LETTERS = {
    'a': 'EY1', 'b': 'B IY1', 'c': 'S IY1', 'd': 'D IY1', 'e': 'IY1', 'f': 'EH1 F', 'g': 'JH IY1', 'h': 'EY1 CH',
    'i': 'AY1', 'j': 'JH EY1', 'k': 'K EY1', 'l': 'EH1 L', 'm': 'EH1 M', 'n': 'EH1 N', 'o': 'OW1', 'p': 'P IY1',
    'q': 'K Y UW1', 'r': 'AA1', 's': 'EH1 S', 't': 'T IY1', 'u': 'Y UW1', 'v': 'V IY1', 'w': 'D AH1 B AH0 L Y UW0',
    'x': 'EH1 K S', 'y': 'W AY1', 'z': 'Z EH1 D',
}


def sha256(path):
    return hashlib.sha256(open(path, 'rb').read()).hexdigest()


def finish(phones, stresses):
    """Phones with '*' -> stress digits from `stresses` (one per vowel, None = unstressed); primary on the first vowel if none."""
    out, k = [], 0
    for p in phones:
        if p.endswith('*'):
            s = stresses[k] if k < len(stresses) else None
            out.append(p[:-1] + (s or '0'))
            k += 1
        else:
            out.append(p)
    if not any(p.endswith('1') for p in out):
        first = next((i for i, p in enumerate(out) if p[-1] in '02'), None)
        if first is not None:
            out[first] = out[first][:-1] + '1'
    return out


def from_ipa(ipa):
    """A stress-marked broad IPA transcription (ˈ/ˌ before the vowel) -> ARPABET with stress."""
    phones, stresses, stress, i = [], [], None, 0
    ipa = ipa.replace('ː\u200d', 'ː').replace('͡', '')
    while i < len(ipa):
        ch = ipa[i]
        if ch in 'ˈˌ':
            stress = '1' if ch == 'ˈ' else '2'
            i += 1
            continue
        match = next(((sym, arpa) for sym, arpa in IPA if ipa.startswith(sym, i)), None)
        if match is None:
            i += 1  # joiners, nasalisation, spaces, symbols English lacks
            continue
        for p in match[1]:
            phones.append(p)
            if p.endswith('*'):
                stresses.append(stress)
                stress = None
        i += len(match[0])
    return finish(phones, stresses)


def from_mfa(tokens, cmu_stress):
    phones = [p for t in tokens for p in MFA.get(t, [])]
    vowels = sum(p.endswith('*') for p in phones)
    return finish(phones, cmu_stress if len(cmu_stress) == vowels else [])


def read_cmudict():
    """CMUdict's stress digits per word (first pronunciation), for MFA words by vowel alignment."""
    record = dict(re.findall(r'^\s*"([^"]+)": "([^"]*)",?$', open(CMUDICT).read(), re.M))
    return {w: [p[-1] if p[-1] in '12' else None for p in pron.split('#')[0].split() if p[-1].isdigit()]
            for w, pron in record.items() if '(' not in w}


def main():
    sources = {
        'britfone': os.path.join(LEX, 'britfone', 'britfone.main.3.0.1.csv'),
        'ipa-dict': os.path.join(LEX, 'ipa-dict', 'en_UK.txt'),
        'mfa': os.path.join(LEX, 'mfa', 'english_uk_mfa.dict'),
    }
    prons = {}

    def add(word, phones):
        if not phones or not word or ' ' in word:
            return
        variants = prons.setdefault(word, [])
        # Sources that differ only in secondary stress give the same variant to align.
        unstressed = [p.rstrip('012') for p in phones]
        if all([p.rstrip('012') for p in v] != unstressed for v in variants) and len(variants) < MAX_VARIANTS:
            variants.append(phones)

    for line in open(sources['britfone'], encoding='utf-8'):
        word, ipa = line.rstrip('\n').split(', ', 1)
        add(word.split('(')[0].lower(), from_ipa(ipa.replace(' ', '')))
    for line in open(sources['ipa-dict'], encoding='utf-8'):
        word, ipas = line.rstrip('\n').split('\t')
        for ipa in ipas.split(', '):
            add(word.lower(), from_ipa(ipa.strip('/')))

    cmu = read_cmudict()
    mfa = {}
    for line in open(sources['mfa'], encoding='utf-8'):
        parts = line.rstrip('\n').split('\t')
        if parts[0].startswith(('<', '[')):
            continue
        mfa.setdefault(parts[0], []).append(parts[-1].split())
    for word, variants in mfa.items():
        if word not in prons:
            for tokens in variants:
                add(word, from_mfa(tokens, cmu.get(word, [])))
    # TRAP/PALM: where MFA also lists the word with /a/ for our /ɑː/ ("bath", "dance"), add that variant.
    for word, variants in mfa.items():
        trap = [[('AE*' if t == 'a' else 'AA*' if t == 'ɑː' else None) for t in tokens if t in MFA and MFA[t][0].endswith('*')] for tokens in variants]
        for base in list(prons.get(word, [])):
            vowels = [i for i, p in enumerate(base) if p[-1] in '012']
            for pattern in trap:
                if len(pattern) != len(vowels):
                    continue
                alt = list(base)
                for k, i in enumerate(vowels):
                    if pattern[k] == 'AE*' and base[i][:-1] == 'AA':
                        alt[i] = 'AE' + base[i][-1]
                if alt != base:
                    add(word, alt)

    for letter, name in LETTERS.items():
        add(letter, name.split())

    record = {}
    for word in sorted(prons):
        for n, phones in enumerate(prons[word]):
            record[word if n == 0 else f'{word}({n + 1})'] = ' '.join(phones)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, 'lexicon.json'), 'w', encoding='utf-8') as f:
        json.dump(record, f, ensure_ascii=False, separators=(',', ':'), sort_keys=False)
        f.write('\n')
    manifest = {
        'kind': 'lexicon',
        'spdx': 'MIT AND CC-BY-4.0',
        'name': 'oralis-en-gb-lexicon',
        'description': 'British English (RP) pronouncing dictionary in the acoustic model\'s ARPABET, with stress',
        'builder': 'scripts/build-en-gb-lexicon.py',
        'words': len(prons),
        'entries': len(record),
        'sha256': sha256(os.path.join(OUT, 'lexicon.json')),
        'sources': {
            'britfone': {'file': 'lexicons/britfone/britfone.main.3.0.1.csv', 'licence': 'MIT (Copyright (c) 2017 Jose Llarena)', 'sha256': sha256(sources['britfone'])},
            'ipa-dict': {'file': 'lexicons/ipa-dict/en_UK.txt', 'licence': 'MIT (ipa-dict, open-dict-data)', 'sha256': sha256(sources['ipa-dict'])},
            'mfa': {'file': 'lexicons/mfa/english_uk_mfa.dict', 'licence': 'CC BY 4.0 (Montreal Forced Aligner english_uk_mfa)', 'sha256': sha256(sources['mfa'])},
            'cmudict': {'file': 'node_modules/cmu-pronouncing-dictionary (stress of MFA-only words)', 'licence': 'BSD-2-Clause', 'sha256': sha256(CMUDICT)},
        },
    }
    with open(os.path.join(OUT, 'manifest.json'), 'w') as f:
        json.dump(manifest, f, indent=1)
        f.write('\n')
    print(f'{len(prons)} words, {len(record)} entries -> models/en-gb/lexicon.json')


main()
