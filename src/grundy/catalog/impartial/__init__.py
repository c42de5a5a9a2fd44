"""Impartial classics with closed forms: Wythoff, Fibonacci Nim, Moore, Lasker, divisors, ..."""
