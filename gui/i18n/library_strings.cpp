// placeholder, regenerated below
