"""``ludoteca league GAME``: self-play with MaskablePPO against a pool of past selves and the
project's bots, with OpenSkill ratings per checkpoint (the ``train`` extra).

- ``league.config``: the options, checked before anything is imported or trained.
- ``league.store``: the league's folder (``league.json``, ``ratings.csv``, checkpoints);
  what makes a league resumable.
- ``league.ratings``: rating matches and their OpenSkill (Plackett-Luce) updates.
- ``league.policy``: a saved policy as an agent (``PolicyAgent``) and one generation's
  training (sb3-contrib's MaskablePPO on ``adapters.gymnasium_env``).
- ``league.run``: the loop of generations.
- ``league.messages``: what a person reads, in Spanish and English.

Only ``league.policy`` and ``league.run`` import PyTorch and Stable-Baselines3.
"""
