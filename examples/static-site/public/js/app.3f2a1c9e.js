// A fingerprinted asset: its name changes whenever its content does, so it may be cached forever.
document.querySelector('h1').dataset.ready = 'true';
