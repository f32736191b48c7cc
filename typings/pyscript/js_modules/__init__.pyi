# The JavaScript modules pyscript.toml names ([js_modules.main]).
