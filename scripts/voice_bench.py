#!/usr/bin/env python3
"""Narration per language: how long an eight-sentence script takes from submission to its page,
against how long its narration lasts, with the multilingual neural voice (Kokoro) and without it
(espeak-ng, as before Kokoro), and the voice's real-time factor (the server's CPU seconds per
second of narration, on however many cores the machine has).

Starts `asset-host serve` twice (see bench_server.py): with the neural voices, then without.
Each script is submitted `ROUNDS` times after one warm-up submission per server (the model's
first load is reported apart); medians are printed.

Usage: python3 scripts/voice_bench.py [path/to/asset-host]
"""

import json
import statistics
import time

from bench_server import call, cpu_seconds, finished, serving

ROUNDS = 3

# Eight sentences each, as an agent would send for a short explainer.
SCRIPTS = {
    "es": "Nuestra app encuentra aparcamiento en la ciudad. Abres el mapa y ves las plazas libres. "
          "Eliges una y la app te guía hasta ella. Llegas a tiempo a tus citas. Ya no das vueltas a la manzana. "
          "Ahorras gasolina y paciencia. Funciona en más de cien ciudades. Pruébala gratis hoy mismo.",
    "fr": "Notre application trouve une place de parking en ville. Vous ouvrez la carte et voyez les places libres. "
          "Vous en choisissez une et l'application vous y guide. Vous arrivez à l'heure à vos rendez-vous. "
          "Vous ne tournez plus autour du pâté de maisons. Vous économisez de l'essence et de la patience. "
          "Elle fonctionne dans plus de cent villes. Essayez-la gratuitement dès aujourd'hui.",
    "it": "La nostra app trova parcheggio in città. Apri la mappa e vedi i posti liberi. "
          "Ne scegli uno e l'app ti guida fin lì. Arrivi puntuale ai tuoi appuntamenti. "
          "Non giri più intorno all'isolato. Risparmi benzina e pazienza. Funziona in più di cento città. "
          "Provala gratis oggi stesso.",
    "pt": "Nosso aplicativo encontra vagas na cidade. Você abre o mapa e vê as vagas livres. "
          "Escolhe uma e o aplicativo leva você até ela. Você chega na hora aos seus compromissos. "
          "Não fica mais dando voltas no quarteirão. Economiza gasolina e paciência. "
          "Funciona em mais de cem cidades. Experimente grátis hoje mesmo.",
    "hi": "हमारा ऐप शहर में पार्किंग ढूंढता है। आप नक्शा खोलते हैं और खाली जगहें देखते हैं। "
          "आप एक चुनते हैं और ऐप आपको वहां तक ले जाता है। आप अपनी मीटिंग में समय पर पहुंचते हैं। "
          "अब गोल गोल चक्कर नहीं लगाने पड़ते। आप पेट्रोल और धैर्य दोनों बचाते हैं। "
          "यह सौ से ज़्यादा शहरों में चलता है। आज ही मुफ़्त में आज़माइए।",
    "zh": "我们的应用帮你在城市里找到停车位。打开地图，就能看到空闲的车位。选好一个，应用会带你过去。"
          "你总能准时赴约。再也不用绕着街区转圈。既省油又省心。它已经覆盖一百多个城市。今天就免费试试吧！",
    "ja": "このアプリは街で駐車場を見つけます。地図を開くと、空いている場所が見えます。一つ選ぶと、アプリが案内します。"
          "約束の時間に間に合います。もう同じ道を回る必要はありません。ガソリンも気持ちも節約できます。"
          "百以上の街で使えます。今日から無料で試してください。",
}


def page(base, key, language, script):
    """Submits `script`: seconds to its page, the narration's seconds, who spoke, the server's CPU."""
    started = time.perf_counter()
    accepted = json.loads(call(f"{base}/api/agent/audioscript", {"script": script, "language": language}, key))
    done = finished(accepted["statusUrl"], key)
    return time.perf_counter() - started, done["durationMs"] / 1000, done["voice"]


def measure(neural):
    """For each language: (engine, narration s, median submit → page s, median CPU s per s spoken)."""
    rows = {}
    with serving(200, ASSET_NEURAL_VOICE="true" if neural else "false") as (base, key, server):
        first = page(base, key, "es", SCRIPTS["es"])
        print(f"{'neural' if neural else 'espeak-ng'}: first page (voices load) {first[0]:.2f} s", flush=True)
        for language, script in SCRIPTS.items():
            walls, cpus = [], []
            for _ in range(ROUNDS):
                before = cpu_seconds(server.pid)
                wall, spoken, engine = page(base, key, language, script)
                walls.append(wall)
                cpus.append((cpu_seconds(server.pid) - before) / spoken)
            rows[language] = (engine, spoken, statistics.median(walls), statistics.median(cpus))
            print(f"  {language}: {rows[language]}", flush=True)
    return rows


def main():
    after, before = measure(True), measure(False)
    print("| language | narration s (Kokoro) | submit → page s | × narration | CPU s per s spoken | "
          "espeak-ng: submit → page s | × narration |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for language in SCRIPTS:
        engine, spoken, wall, cpu = after[language]
        _, spoken_before, wall_before, _ = before[language]
        print(f"| {language} ({engine}) | {spoken:.1f} | {wall:.2f} | {wall / spoken:.2f} | {cpu:.2f} | "
              f"{wall_before:.2f} | {wall_before / spoken_before:.2f} |")


if __name__ == "__main__":
    main()
